import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishingTape } from '../support/fixtures/league.ts';
import { GENERATED_CLIENT } from '../support/generated-client.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

const run = promisify(execFile);
const tool = (path: string) => join(GENERATED_CLIENT, 'node_modules', path);

/**
 * What a client generator makes of the published description: openapi-typescript's types for
 * openapi-fetch, checked by TypeScript 5 in strict mode against a script that plays, joins the
 * league and submits, which then runs against a real arena.
 */
const SCRIPT = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

declare const process: { env: Record<string, string | undefined> };
const env = (name: string): string => process.env[name] ?? '';

const client = createClient<paths>({ baseUrl: env('ARENA_URL') });

const played = await client.GET('/api/games/packet-run/play', { params: { query: { actions: 'UURRUURUURRRDUUR', agent: 'generated-client' } } });
if (!played.data) throw new Error(JSON.stringify(played.error));
const total: number = played.data.breakdown.total;
const checksum: string = played.data.receipt.checksum;

const league = await client.GET('/api/league');
if (!league.data) throw new Error(JSON.stringify(league.error));
const joined = await client.POST('/api/league/join', {
  params: { header: { 'Idempotency-Key': env('JOIN_KEY') } },
  body: { challengeToken: league.data.challengeToken, actions: env('TAPE'), registrationNonce: env('NONCE'), agent: { handle: 'generated-client' } },
});
if (!joined.data) throw new Error(JSON.stringify(joined.error));
const key: string = joined.data.apiKey;

const submitted = await client.POST('/api/league/submit', {
  params: { header: { 'Idempotency-Key': env('SUBMIT_KEY') } },
  headers: { authorization: \`Bearer \${key}\` },
  body: { challengeToken: league.data.challengeToken, actions: 'UURRDD' },
});
if (!submitted.data) throw new Error(JSON.stringify(submitted.error));
const remaining: number = submitted.data.remainingAttempts;
const limit: number | undefined = (await client.GET('/api/leaderboard', { params: { query: { limit: 5 } } })).data?.daily.standings.length;

console.log(JSON.stringify({ total, checksum, joinedAs: joined.data.agent.handle, remaining, limit }));
`;

let arena: RunningArena;
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(GENERATED_CLIENT, 'work-'));
  arena = await startArena('node', { ARENA_DATA_DIR: join(work, 'data') });
});
afterAll(async () => {
  await arena?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('a client generated from /openapi.json by openapi-typescript', () => {
  it('type-checks a script that plays, joins and submits, which then runs against the arena', async () => {
    await writeFile(join(work, 'openapi.json'), await (await fetch(`${arena.baseUrl}/openapi.json`)).text());
    await run(process.execPath, [tool('openapi-typescript/bin/cli.js'), 'openapi.json', '--output', 'schema.d.ts'], { cwd: work });
    await writeFile(join(work, 'script.ts'), SCRIPT);
    const compiler = ['--strict', '--noUncheckedIndexedAccess', '--module', 'nodenext', '--target', 'es2022', '--outDir', 'out', 'script.ts'];
    const checked = await run(process.execPath, [tool('typescript/bin/tsc'), ...compiler], { cwd: work }).catch((error: { stdout: string }) => ({
      stdout: error.stdout,
      failed: true,
    }));
    expect(checked.stdout).toBe('');

    const { board } = (await (await fetch(`${arena.baseUrl}/api/league`)).json()) as { board: Parameters<typeof finishingTape>[0] };
    const env = {
      ...process.env,
      ARENA_URL: arena.baseUrl,
      TAPE: finishingTape(board),
      NONCE: randomBytes(32).toString('base64url'),
      JOIN_KEY: `join-${randomBytes(8).toString('hex')}`,
      SUBMIT_KEY: `submit-${randomBytes(8).toString('hex')}`,
    };
    const { stdout } = await run(process.execPath, [join(work, 'out', 'script.js')], { cwd: work, env });
    expect(JSON.parse(stdout)).toMatchObject({ total: 76, checksum: expect.stringMatching(/^sha256:/), joinedAs: 'generated-client', remaining: 8, limit: 1 });
  }, 120_000);

  it('would refuse a script that misuses the API: the types are not any', async () => {
    await writeFile(
      join(work, 'wrong.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';
const client = createClient<paths>({ baseUrl: 'http://arena.test' });
await client.GET('/api/games/packet-run/play', { params: { query: { moves: 'UURR' } } });
await client.POST('/api/league/submit', { params: { header: { 'Idempotency-Key': 'k' } }, body: { actions: 'UURR' } });
const remaining: string = (await client.GET('/api/league')).data!.challengeToken.length;
`,
    );
    const failed = await run(process.execPath, [tool('typescript/bin/tsc'), '--strict', '--noEmit', '--module', 'nodenext', '--target', 'es2022', 'wrong.ts'], { cwd: work }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(failed).toContain("'moves' does not exist");
    expect(failed).toContain("'challengeToken' is missing");
    expect(failed).toContain("Type 'number' is not assignable to type 'string'");
  }, 120_000);
});
