/**
 * Issue 29, item 11: a 100 MB chunked body to `POST /api/games/packet-run/submit` or `/api/mcp`
 * got a reset with no status on Bun. The server answered 413 after 16 KiB and closed the
 * connection at once; with the client still sending, closing resets it, and the client reports
 * the reset, not the 413 it had been sent (Node and Deno did the same, less often). Node and Deno
 * now close half a second later (Node sooner if the body ends), Bun keeps the connection and
 * discards the rest (docs/protocol/http.md, Size).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../support/servers.ts';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.ts';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

const UPLOAD_BYTES = 100 * 1024 * 1024;
const TRIES = 3;

describe.each(['node', 'bun', 'deno'] as const)('a 100 MB body on %s', (runtime) => {
  let server: SpawnedServer | undefined;
  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), `arena-oversize-${runtime}-`));
    folders.push(dataDir);
    server = await spawnServer(runtime, COMMANDS[runtime], { ARENA_DATA_DIR: dataDir });
  });
  afterAll(() => server?.stop());

  it.each([
    ['/api/games/packet-run/submit', 'chunked'],
    ['/api/mcp', 'chunked'],
    ['/api/games/packet-run/submit', 'declared'],
  ] as const)(`POST %s, its length %s: answered 413 while the client sends, ${TRIES} times out of ${TRIES}`, { timeout: 60_000 }, async (path, framing) => {
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      const answer = await upload(server!.baseUrl, path, framing);
      expect(answer.status, `${runtime}, attempt ${attempt}: ${answer.how} after ${answer.sentBytes} bytes`).toBe(413);
      if (path === '/api/mcp') expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
      else expect(JSON.parse(answer.body)).toMatchObject({ type: '/problems/payload-too-large' });
      // The answer came long before the upload would have ended.
      expect(answer.sentBytes).toBeLessThan(UPLOAD_BYTES);
    }
    expect((await fetch(`${server!.baseUrl}/api/games`)).status).toBe(200);
  });
});

/**
 * Sends 100 MB as a client that reads while it sends (as curl does): it stops sending once a
 * whole answer is in. The answer, or how the connection ended without one.
 */
function upload(baseUrl: string, path: string, framing: 'chunked' | 'declared'): Promise<{ status: number; body: string; how: string; sentBytes: number }> {
  const { hostname, port } = new URL(baseUrl);
  const piece = Buffer.alloc(64 * 1024, 0x20);
  piece[0] = 0x5b;
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let sentBytes = 0;
    let done = false;
    const finish = (how: string) => {
      if (done) return;
      done = true;
      socket.destroy();
      const end = received.indexOf('\r\n\r\n');
      const status = end < 0 ? 0 : Number(received.subarray(0, end).toString('latin1').split(' ')[1]);
      resolve({ status, body: whole(received) ?? '', how, sentBytes });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (whole(received) !== undefined) finish('answered');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    socket.on('close', () => finish('closed'));
    socket.on('connect', async () => {
      const length = framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${UPLOAD_BYTES}`;
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${length}\r\n\r\n`);
      while (!done && sentBytes < UPLOAD_BYTES) {
        const wrote = framing === 'chunked' ? socket.write(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])) : socket.write(piece);
        sentBytes += piece.length;
        // Waits for room, and either way lets what arrived be read, as a client polling both ways does.
        if (!wrote) await new Promise((resume) => socket.once('drain', resume).once('close', resume));
        else await new Promise((resume) => setImmediate(resume));
      }
      if (!done && framing === 'chunked') socket.write('0\r\n\r\n');
    });
  });
}

/** The answer's body once all of it (by its `Content-Length`, or its chunks) is in. */
function whole(bytes: Buffer): string | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = bytes.subarray(0, end).toString('latin1').toLowerCase();
  const rest = bytes.subarray(end + 4);
  const length = /\r\ncontent-length: *(\d+)/.exec(head)?.[1];
  if (length !== undefined) return rest.length >= Number(length) ? rest.subarray(0, Number(length)).toString('utf8') : undefined;
  if (!/\r\ntransfer-encoding: *chunked/.test(head)) return undefined;
  const parts: Buffer[] = [];
  for (let offset = 0; ; ) {
    const lineEnd = rest.indexOf('\r\n', offset);
    if (lineEnd < 0) return undefined;
    const size = parseInt(rest.subarray(offset, lineEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(parts).toString('utf8');
    if (rest.length < lineEnd + 2 + size) return undefined;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}
