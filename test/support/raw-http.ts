import { connect } from 'node:net';

/** One answer read off a raw socket, and whether the server closed the connection after it. */
export interface RawAnswer {
  /** 0 when the server closed or reset the connection without answering. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server ended the connection within the wait (after its answer, or instead of one). */
  closed: boolean;
}

/**
 * Sends `head` (and `body`, and later `rest`) byte for byte on a fresh connection, as no HTTP
 * client would: a malformed Host or target, an unknown method, a body that stops short of its
 * length, a body that arrives slowly. Reads
 * one answer, then waits up to `closeWithinMs` to see whether the server closes.
 */
export function sendRaw(
  baseUrl: string,
  head: string,
  options: { body?: string | Uint8Array; closeWithinMs?: number; rest?: { afterMs: number; body: string } } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const closeWithinMs = options.closeWithinMs ?? 1_000;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswer(Buffer.concat(chunks)), closed });
    };
    // Answered or not, the socket is given this long overall; a server that neither answers nor closes fails the caller's expectations.
    let timer = setTimeout(() => finish(false), 10_000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (parseAnswer(Buffer.concat(chunks)).complete) {
        clearTimeout(timer);
        timer = setTimeout(() => finish(false), closeWithinMs);
      }
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    // A reset after (or instead of) the answer still means the server ended the connection.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? finish(true) : reject(error)));
    socket.write(head);
    if (options.body !== undefined) socket.write(options.body);
    // The rest of a body sent later, as a slow client would: the request is in flight meanwhile.
    const rest = options.rest;
    if (rest) setTimeout(() => socket.writable && socket.write(rest.body), rest.afterMs);
  });
}

/** The first answer in `bytes`: its status, headers (lower-cased names) and body, decoded by its framing. */
function parseAnswer(bytes: Buffer): Omit<RawAnswer, 'closed'> & { complete: boolean } {
  const text = bytes.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return { status: 0, headers: {}, body: '', complete: false };
  const [statusLine = '', ...lines] = text.slice(0, headEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] = headers[name] === undefined ? line.slice(colon + 1).trim() : `${headers[name]}, ${line.slice(colon + 1).trim()}`;
  }
  const status = Number(statusLine.split(' ')[1] ?? 0);
  const rest = bytes.subarray(Buffer.byteLength(text.slice(0, headEnd + 4), 'latin1'));
  if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
    const { body, complete } = dechunk(rest);
    return { status, headers, body, complete };
  }
  const length = Number(headers['content-length'] ?? 0);
  return { status, headers, body: rest.subarray(0, length).toString('utf8'), complete: rest.length >= length };
}

function dechunk(bytes: Buffer): { body: string; complete: boolean } {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', offset);
    if (lineEnd < 0) return { body: Buffer.concat(parts).toString('utf8'), complete: false };
    const size = parseInt(bytes.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return { body: Buffer.concat(parts).toString('utf8'), complete: false };
    if (size === 0) return { body: Buffer.concat(parts).toString('utf8'), complete: true };
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}
