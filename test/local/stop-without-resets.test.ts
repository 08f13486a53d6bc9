/**
 * Issue 29, item 5: SIGTERM during writes reset requests the server had taken (Node 4, Bun 13,
 * Deno 26 over four rounds): a client cannot tell a reset write from a lost one. Stopping now
 * answers every request the server has taken, each answer from the signal on saying
 * `Connection: close`, and keeps a connection with nothing in flight open for the grace
 * (IDLE_GRACE_MS), so a request already on its way on it is answered rather than reset.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../support/servers.ts';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.ts';
import { writeLoad } from '../support/write-load.ts';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

const ROUNDS = 2;

async function started(runtime: keyof typeof COMMANDS): Promise<SpawnedServer> {
  const dataDir = await mkdtemp(join(tmpdir(), `arena-resets-${runtime}-`));
  folders.push(dataDir);
  return spawnServer(runtime, COMMANDS[runtime], { ARENA_DATA_DIR: dataDir, ARENA_ANONYMOUS_WRITES_PER_HOUR: '0', ARENA_ARRIVAL_DAILY_CAP: '999999' });
}

describe.each(['node', 'bun', 'deno'] as const)('SIGTERM on %s', (runtime) => {
  it('answers a request sent after the signal on a connection open before it, idle or new, saying Connection: close', async () => {
    const server = await started(runtime);
    const keptAlive = await connection(server.baseUrl);
    expect((await keptAlive.send('GET /healthz')).status).toBe(200);
    const fresh = await connection(server.baseUrl);

    const stopped = server.stop();
    await until(() => /SIGTERM/.test(server.output()));
    for (const open of [keptAlive, fresh]) {
      const answer = await open.send('POST /api/arrival');
      expect(answer.status, server.output()).toBe(201);
      expect(answer.headers.connection).toBe('close');
      expect(await open.closed).toBe(true);
    }
    await stopped;
    expect(await server.exited).toBe(0);
  });

  it(`resets no write it took, under writes on new and kept-alive connections (${ROUNDS} rounds)`, { timeout: 120_000 }, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const server = await started(runtime);
      const load = writeLoad(server.baseUrl, { fresh: 4, keptAlive: 4 });
      await until(() => load.tally.answered >= 20, 20_000);
      await server.stop();
      const tally = await load.finished;
      expect(await server.exited).toBe(0);
      expect(tally.broken, `round ${round}: ${JSON.stringify(tally)}`).toEqual([]);
      // The signal came among writes: some were answered after it, saying Connection: close.
      expect(tally.closing, JSON.stringify(tally)).toBeGreaterThan(0);
      expect(tally.keptAlive, JSON.stringify(tally)).toBeGreaterThan(0);
      expect(Object.keys(tally.statuses)).toEqual(['201']);
    }
  });
});

/** One connection held open, for requests sent one at a time. */
interface Connection {
  send(request: 'GET /healthz' | 'POST /api/arrival'): Promise<{ status: number; headers: Record<string, string> }>;
  /** Settles true once the server has closed the connection. */
  closed: Promise<boolean>;
}

async function connection(baseUrl: string): Promise<Connection> {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = await new Promise((resolve, reject) => {
    const opened = connect(Number(port), hostname, () => resolve(opened));
    opened.once('error', reject);
  });
  let received = '';
  let waiting: (() => void) | undefined;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    received += chunk;
    waiting?.();
  });
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  socket.on('error', () => undefined);
  return {
    closed,
    send: (request) => {
      const body = request.startsWith('POST')
        ? JSON.stringify({ displayName: 'Late', model: 'unknown', sentBy: 'the shutdown test', purpose: 'Arriving as the server stops.', operatorAuthorized: true })
        : '';
      const [method, path] = request.split(' ');
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nIdempotency-Key: late-${Math.random()}\r\n\r\n${body}`,
      );
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${request}; the connection ${socket.destroyed ? 'closed' : 'stayed open'}`)), 10_000);
        void closed.then(() => waiting?.());
        waiting = () => {
          const end = received.indexOf('\r\n\r\n');
          if (end < 0) return socket.destroyed ? reject(new Error(`the connection closed unanswered: ${request}`)) : undefined;
          const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n');
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          const length = Number(headers['content-length']);
          if (received.length < end + 4 + length) return socket.destroyed ? reject(new Error(`the connection closed mid-answer: ${request}`)) : undefined;
          received = received.slice(end + 4 + length);
          clearTimeout(timer);
          waiting = undefined;
          resolve({ status: Number(statusLine.split(' ')[1]), headers });
        };
        waiting();
      });
    },
  };
}

async function until(condition: () => boolean, withinMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + withinMs; !condition(); ) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
