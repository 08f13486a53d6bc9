import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toRequestListener, type FetchHandler } from './request-listener.ts';

/** Serves a fetch handler over HTTP/1.1; resolves once listening, with the bound port. */
export async function serve(options: { fetch: FetchHandler; port: number; hostname: string; trustProxy?: boolean }): Promise<{ server: Server; port: number }> {
  // Node refuses request heads past 16 KiB with a bare 431; a 64 KiB allowance lets the core
  // answer an oversized query (a long token, say) with its own problem document.
  const server = createServer({ maxHeaderSize: 65_536 }, toRequestListener(options.fetch, { trustProxy: options.trustProxy ?? false }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, resolve);
  });
  return { server, port: (server.address() as AddressInfo).port };
}
