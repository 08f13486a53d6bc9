import { createServer, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { methodNotImplemented, refusal } from '../../core/index.ts';
import { IDLE_GRACE_MS } from '../graceful-shutdown.ts';
import { answerClientError } from './client-error.ts';
import { toRequestListener, type FetchHandler } from './request-listener.ts';
import { answerOnSocket } from './socket-answer.ts';

/**
 * Serves a fetch handler over HTTP/1.1; resolves once listening, with the bound port and the
 * way to stop it (`drain`). `basePath` is the arena's, which the adapter's own problems name
 * their types under.
 */
export async function serve(options: {
  fetch: FetchHandler;
  port: number;
  hostname: string;
  trustProxy?: boolean;
  basePath?: string;
}): Promise<{ server: Server; port: number; drain: () => Promise<void> }> {
  const basePath = options.basePath ?? '';
  // Node refuses request heads past 16 KiB with a bare 431; a 64 KiB allowance lets the core
  // answer an oversized query (a long token, say) with its own problem document.
  const server = createServer({ maxHeaderSize: 65_536 }, toRequestListener(options.fetch, { trustProxy: options.trustProxy ?? false, basePath }));
  // The answer in flight on each connection, so a parse error on a pipelined request never
  // writes into the middle of it, and a stop can tell it to close its connection.
  const answering = new WeakMap<Duplex, ServerResponse>();
  const connections = new Set<Duplex>();
  server.on('connection', (socket: Duplex) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (incoming, outgoing: ServerResponse) => answering.set(incoming.socket, outgoing));
  server.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, answering.get(socket), basePath));
  // CONNECT never reaches the request listener; without this Node would drop the connection unanswered.
  server.on('connect', (_request, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    answerOnSocket(socket, refusal(methodNotImplemented('CONNECT'), undefined, basePath)).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, resolve);
  });
  const inFlight = () => [...connections].flatMap((socket) => answering.get(socket) ?? []);
  return { server, port: (server.address() as AddressInfo).port, drain: () => drain(server, inFlight) };
}

/**
 * Stops accepting connections and settles once every connection has closed. Every answer from
 * now on, those in flight included, says `Connection: close`, and Node closes its connection
 * once it is sent. A connection with no request in flight is left open for `IDLE_GRACE_MS`, so
 * a request already on its way on it is answered rather than reset; then the idle ones are
 * closed. (Node's own `close()` would close them at once: a keep-alive client sending its next
 * request, or a new connection whose request has not been read yet, would see a reset.)
 */
function drain(server: Server, inFlight: () => ServerResponse[]): Promise<void> {
  server.on('request', (_incoming, outgoing: ServerResponse) => outgoing.setHeader('connection', 'close'));
  for (const outgoing of inFlight()) if (!outgoing.headersSent) outgoing.setHeader('connection', 'close');
  const grace = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
  return new Promise<void>((resolve) =>
    // net.Server's close: stops listening, and calls back once the last connection has closed.
    NetServer.prototype.close.call(server, () => {
      clearTimeout(grace);
      resolve();
    }),
  );
}
