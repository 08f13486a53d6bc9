import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishingTape } from '../support/fixtures/league.ts';
import { GENERATED_CLIENT } from '../support/generated-client.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(GENERATED_CLIENT, 'node_modules/typescript/bin/tsc');

/**
 * The project's own client as another project sees it: `agent-arena/client` through the
 * package's exports (its built module and declarations), checked by TypeScript 5 in strict mode
 * against a script that plays, joins the league and submits, which then runs against a real
 * arena. The same script as test/openapi/generated-client.test.ts gives the generated client.
 */
const SCRIPT = `import { ArenaProblemError, createArenaClient } from 'agent-arena/client';

declare const process: { env: Record<string, string | undefined> };
const env = (name: string): string => process.env[name] ?? '';

const arena = createArenaClient({ baseUrl: env('ARENA_URL') });

const played = await arena.playPacketRun({ query: { actions: 'UURRUURUURRRDUUR', agent: 'own-client' } });
const total: number = played.breakdown.total;
const checksum: string = played.receipt.checksum;

const league = await arena.getLeague();
const joined = await arena.joinLeague({
  idempotencyKey: env('JOIN_KEY'),
  body: { challengeToken: league.challengeToken, actions: env('TAPE'), registrationNonce: env('NONCE'), agent: { handle: 'own-client' } },
});
const key: string = joined.apiKey;

const agent = createArenaClient({ baseUrl: env('ARENA_URL'), apiKey: key });
const submitted = await agent.submitLeagueAttempt({ body: { challengeToken: league.challengeToken, actions: 'UURRDD' } });
const remaining: number = submitted.remainingAttempts;
const limit: number = (await arena.getLeaderboard({ query: { limit: 5 } })).daily.standings.length;

let refused: string | undefined;
try {
  await arena.getLeagueAttempt({ params: { id: 'att_none' } });
} catch (error) {
  if (error instanceof ArenaProblemError) refused = error.slug;
}

console.log(JSON.stringify({ total, checksum, joinedAs: joined.agent.handle, remaining, limit, refused }));
`;

let arena: RunningArena;
let work: string;

/** What TypeScript 5 in strict mode says of `file` (nothing when it type-checks), emitting it to out/. */
async function compiled(file: string, code: string): Promise<string> {
  await writeFile(join(work, file), code);
  const compiler = ['--strict', '--noUncheckedIndexedAccess', '--module', 'nodenext', '--target', 'es2022', '--outDir', 'out', file];
  return run(process.execPath, [tsc, ...compiler], { cwd: work }).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  );
}

/** A tape that finishes today's board: a join's entry ticket. */
async function todaysTape(): Promise<string> {
  const { board } = (await (await fetch(`${arena.baseUrl}/api/league`)).json()) as { board: Parameters<typeof finishingTape>[0] };
  return finishingTape(board);
}
beforeAll(async () => {
  work = await mkdtemp(join(GENERATED_CLIENT, 'work-'));
  // What installing the package gives: agent-arena in node_modules, here this checkout itself.
  await mkdir(join(work, 'node_modules'));
  await symlink(REPOSITORY, join(work, 'node_modules/agent-arena'), 'dir');
  arena = await startArena('node', { ARENA_DATA_DIR: join(work, 'data') });
});
afterAll(async () => {
  await arena?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('the project’s own client, agent-arena/client, in another project', () => {
  it('type-checks a script that plays, joins and submits, which then runs against the arena', async () => {
    expect(await compiled('script.ts', SCRIPT)).toBe('');
    const env = {
      ...process.env,
      ARENA_URL: arena.baseUrl,
      TAPE: await todaysTape(),
      NONCE: randomBytes(32).toString('base64url'),
      JOIN_KEY: `join-${randomBytes(8).toString('hex')}`,
    };
    const { stdout } = await run(process.execPath, [join(work, 'out', 'script.js')], { cwd: work, env });
    expect(JSON.parse(stdout)).toMatchObject({ total: 76, checksum: expect.stringMatching(/^sha256:/), joinedAs: 'own-client', remaining: 8, limit: 1, refused: 'not-found' });
  }, 120_000);

  it('would refuse a script that misuses the API: the types are not any', async () => {
    const failed = await compiled(
      'wrong.ts',
      `import { createArenaClient } from 'agent-arena/client';
const arena = createArenaClient({ baseUrl: 'http://arena.test' });
await arena.playPacketRun({ query: { moves: 'UURR' } });
await arena.submitLeagueAttempt({ body: { actions: 'UURR' } });
const remaining: string = (await arena.getLeague()).challengeToken.length;
await arena.getLeagueAttempt();
await arena.getLeague({ idempotencyKey: 'k' });
await arena.playPacketRunFast();
`,
    );
    expect(failed).toContain("'moves' does not exist");
    expect(failed).toContain("'challengeToken' is missing");
    expect(failed).toContain("Type 'number' is not assignable to type 'string'");
    expect(failed).toContain('Expected 1 arguments, but got 0');
    expect(failed).toContain("'idempotencyKey' does not exist");
    expect(failed).toContain("Property 'playPacketRunFast' does not exist");
    expect(failed.match(/error TS/g)).toHaveLength(6);
  }, 120_000);
});
