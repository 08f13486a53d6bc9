import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Writes a small answer straight onto a connection Node's HTTP server no longer parses (a head
 * its parser refused, a CONNECT), then closes it. For problem documents of a few hundred bytes.
 */
export async function answerOnSocket(socket: Duplex, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  // Its length is the one written below, whatever the answer declared.
  response.headers.forEach((value, name) => name !== 'content-length' && head.push(`${name}: ${value}`));
  head.push(`content-length: ${body.length}`, 'connection: close', '', '');
  writeAndClose(socket, Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), body]));
}

/** Writes the bytes and closes; a peer that never reads them does not hold the socket. */
export function writeAndClose(socket: Duplex, bytes: Buffer | string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(bytes, () => socket.destroy());
  setTimeout(() => socket.destroy(), 5_000).unref();
}
