import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { openEventStream } from '../support/event-stream.ts';
import { sendRaw } from '../support/raw-http.ts';
import { nodeExecutable, OTHER_NODES } from '../support/node-versions.ts';
import { groupEnded } from '../support/process-group.ts';
import { commandFor, COMMANDS } from '../support/servers.ts';
import { spawnServer } from '../support/spawned-server.ts';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/**
 * Node exactly as the README starts it (`npm start`, so the signal goes to npm); Bun and Deno as
 * their scripts do; Node 22 and 24 (whose embedded database is node:sqlite) on the built server.
 */
const STARTS: Record<string, readonly string[]> = {
  node: ['npm', 'start', '--silent'],
  bun: COMMANDS.bun,
  deno: COMMANDS.deno,
  ...Object.fromEntries(
    OTHER_NODES.flatMap((line) => {
      const executable = nodeExecutable(line);
      return executable ? [[`node ${line}`, commandFor('node', executable)]] : [];
    }),
  ),
};

describe.each(Object.keys(STARTS))('SIGTERM on %s', (runtime) => {
  it('finishes the request in flight, checkpoints the database, stops listening and exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), `arena-stop-${runtime.replace(' ', '-')}-`));
    folders.push(dataDir);
    const server = await spawnServer(runtime, STARTS[runtime]!, { ARENA_DATA_DIR: dataDir, ARENA_ANONYMOUS_WRITES_PER_HOUR: '0' });
    const { challengeToken, board } = await (await fetch(`${server.baseUrl}/api/league`)).json();
    const handle = `stopper-${runtime.replace(' ', '-')}`;
    const body = JSON.stringify({ challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle } });
    const head = [
      'POST /api/league/join HTTP/1.1',
      `Host: ${new URL(server.baseUrl).host}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `Idempotency-Key: ${freshKey()}`,
      '',
      '',
    ].join('\r\n');

    // The join's head and half its body are in before the signal; the rest comes after it.
    const half = Math.floor(body.length / 2);
    const answer = sendRaw(server.baseUrl, head, { body: body.slice(0, half), rest: { afterMs: 500, body: body.slice(half) } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = server.stop();
    expect((await answer).status).toBe(200);
    await stopped;
    expect(await server.exited).toBe(0);
    expect(await refused(server.baseUrl)).toBe(true);
    // Closed cleanly: SQLite folded its write-ahead log back into the database file.
    const wal = join(dataDir, 'arena.db-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);

    const again = await spawnServer(runtime, STARTS[runtime]!, { ARENA_DATA_DIR: dataDir });
    try {
      expect(await (await fetch(`${again.baseUrl}/api/league/attempts`)).text()).toContain(handle);
    } finally {
      await again.stop();
    }
  });
});

describe.each(['node', 'bun', 'deno'])('SIGTERM on %s with an event stream open', (runtime) => {
  it('ends the stream, so the client can resume elsewhere, and exits 0 without waiting out the drain bound', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), `arena-stop-events-${runtime}-`));
    folders.push(dataDir);
    const server = await spawnServer(runtime, STARTS[runtime]!, { ARENA_DATA_DIR: dataDir });
    const stream = await openEventStream(`${server.baseUrl}/api/events`);
    await stream.next();
    const started = Date.now();
    await server.stop();
    expect(await server.exited).toBe(0);
    await expect(stream.next(5_000)).rejects.toThrow(/ended|terminated|closed|aborted|socket/i);
    // Streams never end by themselves: left open, they would hold the stop for the whole 10 s bound.
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});

/**
 * Issue 29, item 6: `npm run start:bun` and `start:deno` left the server running after SIGTERM to
 * npm (npm signals the shell it runs a script in, and the shell does not pass it on). Every
 * script that starts a server execs it in place of that shell. (`dev:workers`: dev-workers.test.ts.)
 */
describe.each(['start', 'start:bun', 'start:deno'])('SIGTERM to npm running `npm run %s`', (script) => {
  it('stops the server, which exits 0, and leaves nothing running', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), `arena-npm-${script.replace(':', '-')}-`));
    folders.push(dataDir);
    const npm = await spawnServer(script, ['npm', 'run', script, '--silent'], { ARENA_DATA_DIR: dataDir }, undefined, { ownGroup: true });
    await npm.stop();
    const nothingLeft = await groupEnded(npm.pid, 5_000);
    expect(await npm.exited, npm.output()).toBe(0);
    expect(nothingLeft).toBe(true);
  });
});

/** Whether a connection to the server's port is refused (nothing listens there). */
function refused(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
