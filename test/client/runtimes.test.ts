import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishingTape, freshNonce } from '../support/fixtures/league.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(REPOSITORY, 'node_modules/.bin', name);

/**
 * One script, run by each runtime with the client as that runtime takes it: Bun the package's
 * built module (`agent-arena/client`), Deno the TypeScript source, type-checked by Deno first,
 * and workerd (a Worker: Web APIs alone, as in a browser) the source bundled by esbuild. It
 * plays, joins, submits with the key, turns a refusal into a typed problem, and sends a write
 * whose answer was lost again, so the runtime's fetch, Headers, crypto and timers all serve.
 */
const script = (client: string, handle: string, ending: string) => `import { ArenaProblemError, createArenaClient, type Fetch } from '${client}';

async function main() {
  const baseUrl = '${arena.baseUrl}';
  const arena = createArenaClient({ baseUrl });
  const played = await arena.playPacketRun({ query: { actions: 'UURRUURUURRRDUUR' } });
  const league = await arena.getLeague();
  const joined = await arena.joinLeague({ body: { challengeToken: league.challengeToken, actions: '${tape}', registrationNonce: '${freshNonce()}', agent: { handle: '${handle}' } } });

  let sent = 0;
  const losesFirstAnswer: Fetch = async (input, init) => {
    const answer = await fetch(input, init);
    if (++sent === 1) throw new TypeError('the connection dropped');
    return answer;
  };
  const agent = createArenaClient({ baseUrl, apiKey: joined.apiKey, fetch: losesFirstAnswer, retry: { maxWaitSeconds: 0.05 } });
  const submitted = await agent.submitLeagueAttempt({ body: { challengeToken: league.challengeToken, actions: 'UURRDD' } });

  const refusal = await arena.getLeagueAttempt({ params: { id: 'att_none' } }).catch((error: unknown) => error);
  return {
    total: played.breakdown.total,
    handle: joined.agent.handle,
    sent,
    remaining: submitted.remainingAttempts,
    refused: refusal instanceof ArenaProblemError ? refusal.slug : String(refusal),
  };
}

${ending}
`;
const PRINTED = 'console.log(JSON.stringify(await main()));';

let arena: RunningArena;
let work: string;
let tape: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'arena-client-runtimes-'));
  await mkdir(join(work, 'node_modules'));
  await symlink(REPOSITORY, join(work, 'node_modules/agent-arena'), 'dir');
  arena = await startArena('node', {});
  const { board } = (await (await fetch(`${arena.baseUrl}/api/league`)).json()) as { board: Parameters<typeof finishingTape>[0] };
  tape = finishingTape(board);
});
afterAll(async () => {
  await arena?.stop();
  await rm(work, { recursive: true, force: true });
});

const expected = (handle: string) => ({ total: 76, handle, sent: 2, remaining: 8, refused: 'not-found' });

describe('the typed client on other runtimes', () => {
  it('runs on Bun, from the package’s built module', async () => {
    await writeFile(join(work, 'bun.ts'), script('agent-arena/client', 'bun-client', PRINTED));
    const { stdout } = await run(bin('bun'), ['bun.ts'], { cwd: work });
    expect(JSON.parse(stdout)).toEqual(expected('bun-client'));
  }, 60_000);

  it('runs on Deno, from its TypeScript source, type-checked by Deno', async () => {
    await writeFile(join(work, 'deno.ts'), script(join(REPOSITORY, 'client/index.ts'), 'deno-client', PRINTED));
    const { stdout } = await run(bin('deno'), ['run', '--check', '--no-config', `--allow-net=${new URL(arena.baseUrl).host}`, 'deno.ts'], { cwd: work });
    expect(JSON.parse(stdout)).toEqual(expected('deno-client'));
  }, 60_000);

  it('runs in a Worker (workerd, Web APIs alone), bundled for the browser', async () => {
    await writeFile(join(work, 'worker.ts'), script(join(REPOSITORY, 'client/index.ts'), 'worker-client', 'export default { fetch: async () => Response.json(await main()) };'));
    // workerd loads modules from below the working folder: test/.out/, as the Workers conformance bundle.
    const outfile = join(REPOSITORY, 'test/.out/client-worker.js');
    await build({ entryPoints: [join(work, 'worker.ts')], outfile, bundle: true, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'silent' });
    const worker = new Miniflare({ modules: true, scriptPath: outfile, compatibilityDate: '2026-04-01' });
    try {
      const answer = await worker.dispatchFetch('http://worker.test/');
      expect(await answer.json()).toEqual(expected('worker-client'));
    } finally {
      await worker.dispose();
    }
  }, 60_000);
});
