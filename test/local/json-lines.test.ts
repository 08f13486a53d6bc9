/**
 * Issue 29, item 8: among the JSON lines, Node 22's ExperimentalWarning for `node:sqlite`, the
 * warnings at start and the lines saying the server listens and stops were plain text. Every
 * line a started server writes, on stdout or stderr, is now one JSON object.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeExecutable, OTHER_NODES } from '../support/node-versions.ts';
import { commandFor, COMMANDS } from '../support/servers.ts';
import { spawnServer } from '../support/spawned-server.ts';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/** The runtime's own command, and Node 22 and 24 on the built server. */
const STARTS: Record<string, readonly string[]> = {
  [`node ${process.versions.node.split('.')[0]}`]: COMMANDS.node,
  ...Object.fromEntries(
    OTHER_NODES.flatMap((line) => {
      const executable = nodeExecutable(line);
      return executable ? [[`node ${line}`, commandFor('node', executable)]] : [];
    }),
  ),
  bun: COMMANDS.bun,
  deno: COMMANDS.deno,
};

describe.each(Object.keys(STARTS))('every line a server on %s writes', (runtime) => {
  it('is one JSON object: requests, failures, warnings, the line that it listens and the one that it stops', async () => {
    // A data folder open to every user and no public origin: two warnings at start.
    const dataDir = await mkdtemp(join(tmpdir(), `arena-lines-${runtime.replace(' ', '-')}-`));
    folders.push(dataDir);
    await chmod(dataDir, 0o777);
    const server = await spawnServer(runtime, STARTS[runtime]!, { ARENA_DATA_DIR: dataDir, ARENA_LOG_LEVEL: 'info' });
    await (await fetch(`${server.baseUrl}/api/games`)).arrayBuffer();
    await (await fetch(`${server.baseUrl}/no/such/path`)).arrayBuffer();
    await (await fetch(`${server.baseUrl}/api/games/packet-run/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"actions":' })).arrayBuffer();
    await server.stop();
    expect(await server.exited).toBe(0);

    const lines = server
      .output()
      .split('\n')
      .filter((line) => line !== '');
    const events = lines.map((line) => {
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        throw new Error(`a line that is not JSON: ${line}`);
      }
      expect(event, line).toMatchObject({ event: expect.any(String), level: expect.stringMatching(/^(info|warn|error)$/), time: expect.any(String) });
      return event as { event: string; level: string; what?: string; status?: number };
    });
    const said = (pattern: RegExp) => events.some((event) => pattern.test(event.what ?? ''));
    expect(said(/listening on http:\/\/localhost:\d+$/)).toBe(true);
    expect(said(/^ARENA_PUBLIC_ORIGIN is not set/)).toBe(true);
    expect(said(/^the data folder .* is open to every user/)).toBe(true);
    expect(said(/^SIGTERM: finishing requests in flight/)).toBe(true);
    expect(events.filter((event) => event.event === 'request').map((event) => event.status)).toEqual([200, 404, 400]);
    // Node 22 calls node:sqlite experimental: its warning is one of the lines, not Node's own text.
    if (runtime === 'node 22') expect(said(/^ExperimentalWarning: SQLite is an experimental feature/)).toBe(true);
  });
});

describe('a Node server that meets a bug no handler catches', () => {
  it('logs a rejection no one waits for as one JSON failure line, and goes on answering', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'arena-lines-rejection-'));
    folders.push(dataDir);
    // Rejected once the server's own handler is there (a start slowed by a busy machine may take
    // longer than any fixed delay): before it, Node's default would end the process.
    const rejectOnceHandled =
      "const reject = () => { if (process.listenerCount('unhandledRejection') === 0) return setTimeout(reject, 20); Promise.reject(new Error('a stray rejection')); }; reject();";
    const stray = `data:text/javascript,${encodeURIComponent(rejectOnceHandled)}`;
    const server = await spawnServer('node', COMMANDS.node, { ARENA_DATA_DIR: dataDir, NODE_OPTIONS: `--import=${stray}` });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    await server.stop();
    expect(await server.exited).toBe(0);
    const events = server
      .output()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { what?: string; error?: { message?: string } });
    expect(events.filter((event) => event.what === 'a promise was rejected with no handler').map((event) => event.error?.message)).toEqual(['a stray rejection']);
  });

  it('says so in one JSON failure line, and stops with exit code 1', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'arena-lines-crash-'));
    folders.push(dataDir);
    // An exception thrown from a timer once the server listens: nothing of the arena catches it.
    const crash = `data:text/javascript,${encodeURIComponent("setTimeout(() => { throw new Error('a bug nobody caught'); }, 1500);")}`;
    const server = await spawnServer('node', COMMANDS.node, { ARENA_DATA_DIR: dataDir, NODE_OPTIONS: `--import=${crash}` });
    expect(await server.exited).toBe(1);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line !== '');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      event: 'failure',
      level: 'error',
      what: 'the process stopped: an exception no handler caught',
      error: { message: 'a bug nobody caught' },
    });
  });
});
