import { request as httpRequest } from 'node:http';

/** One request as sent on the wire: nothing about it need be valid. */
export interface WireRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  /** Sent with Content-Length; `chunks`, chunked with none. */
  body?: string | Uint8Array;
  chunks?: Uint8Array[];
}

export interface WireAnswer {
  status: number;
  /**
   * The answer's Content-Type; `reset` when the server closed the connection instead of
   * answering, `unreadable` when what it sent is not HTTP a client can read.
   */
  type: string;
  body: string;
}

/** Longer than any answer takes: a request still unanswered then is a hang, and fails. */
const ANSWER_WITHIN_MS = 15_000;

/** Sends the request as it is, on a connection of its own, headers and bytes unchecked by any client library. */
export function send(baseUrl: string, wire: WireRequest): Promise<WireAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const options = { hostname, port, method: wire.method, path: wire.target, headers: wire.headers, insecureHTTPParser: true, agent: false };
    const request = httpRequest(options, (response) => {
      const type = String(response.headers['content-type'] ?? '');
      // An open event stream never ends: its status and first message are its answer.
      if (response.statusCode === 200 && /^text\/event-stream/.test(type) && wire.method === 'GET') {
        response.once('data', (part: Buffer) => {
          response.destroy();
          resolve({ status: 200, type, body: part.toString('utf8') });
        });
        response.once('end', () => resolve({ status: 200, type, body: '' }));
        return;
      }
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode!, type, body: Buffer.concat(parts).toString('utf8') }));
      response.on('error', reject);
    });
    request.setTimeout(ANSWER_WITHIN_MS, () => request.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A server may close the connection instead of reading a body past the limit (or, Bun, a method it does not know).
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve({ status: 0, type: 'reset', body: '' });
      else if (error.code?.startsWith('HPE_')) resolve({ status: 0, type: 'unreadable', body: error.message });
      else reject(error);
    });
    if (wire.chunks) {
      for (const chunk of wire.chunks) request.write(chunk);
    } else if (wire.body !== undefined) {
      request.setHeader('content-length', Buffer.byteLength(wire.body));
      request.write(wire.body);
    }
    request.end();
  });
}

/** The JSON values of an answer: its body, or each line of JSON lines; none when it is not JSON. */
export function jsonValuesOf(answer: WireAnswer): unknown[] {
  try {
    if (/^application\/(?:[a-z0-9.+-]+\+)?json\b/.test(answer.type) && answer.body !== '') return [JSON.parse(answer.body)];
    if (/^application\/x-ndjson\b/.test(answer.type))
      return answer.body
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown);
  } catch {
    // Not JSON after all: it is not what a request is filled with.
  }
  return [];
}

/** About how many bytes the request head takes on the wire. */
export function headBytes(wire: WireRequest): number {
  return wire.target.length + Object.entries(wire.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 100);
}
