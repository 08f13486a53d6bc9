import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { methodNotImplemented, refusal } from '../../core/index.ts';
import { answerClientError } from './client-error.ts';
import { toRequestListener, type FetchHandler } from './request-listener.ts';
import { answerOnSocket } from './socket-answer.ts';

/** Serves a fetch handler over HTTP/1.1; resolves once listening, with the bound port. */
export async function serve(options: { fetch: FetchHandler; port: number; hostname: string; trustProxy?: boolean }): Promise<{ server: Server; port: number }> {
  // Node refuses request heads past 16 KiB with a bare 431; a 64 KiB allowance lets the core
  // answer an oversized query (a long token, say) with its own problem document.
  const server = createServer({ maxHeaderSize: 65_536 }, toRequestListener(options.fetch, { trustProxy: options.trustProxy ?? false }));
  // The answer in flight on each connection, so a parse error on a pipelined request never
  // writes into the middle of it.
  const answering = new WeakMap<Duplex, ServerResponse>();
  server.on('request', (incoming, outgoing: ServerResponse) => answering.set(incoming.socket, outgoing));
  server.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, answering.get(socket)));
  // CONNECT never reaches the request listener; without this Node would drop the connection unanswered.
  server.on('connect', (_request, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    answerOnSocket(socket, refusal(methodNotImplemented('CONNECT'))).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, resolve);
  });
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * Stops accepting connections and settles once every answer in flight is sent. Node's
 * `close()` ends only the connections idle at that moment; one answering then is told to close
 * (`Connection: close`) and ended once it falls idle.
 */
export function drain(server: Server): Promise<void> {
  server.on('request', (_incoming, outgoing: ServerResponse) => outgoing.setHeader('connection', 'close'));
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  return new Promise<void>((resolve) =>
    server.close(() => {
      clearInterval(idleSweep);
      resolve();
    }),
  );
}
