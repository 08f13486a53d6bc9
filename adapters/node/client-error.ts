import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { malformedRequest, methodNotImplemented, refusal } from '../../core/index.ts';
import { answerOnSocket, writeAndClose } from './socket-answer.ts';

/** Node's own bare answers, kept where the core has no problem type for the case. */
const BARE: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};

/**
 * Answers what Node's parser refused before any request existed, with the core's problem
 * documents where Node's own are bare: a method token it does not know is a 501 (as the core
 * answers on runtimes whose parser lets it through), anything else unreadable a 400. `answering`
 * is the response in flight on the socket, if any: once its head is out, nothing more may be
 * written, so the socket is only closed (as Node itself does). Problem types are under `basePath`, the arena's.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex, answering: ServerResponse | undefined, basePath = ''): void {
  if (error.code === 'ECONNRESET' || !socket.writable || (answering?.headersSent && !answering.writableFinished)) {
    socket.destroy();
    return;
  }
  // The client goes on sending after an answer that said `Connection: close` (one given before
  // its body was read, a 413 say): that answer was the last, so nothing more is written; the
  // connection ends once it is out.
  if (error.code === 'HPE_CLOSED_CONNECTION') return;
  const bare = error.code === undefined ? undefined : BARE[error.code];
  if (bare) {
    writeAndClose(socket, bare);
    return;
  }
  const response =
    error.code === 'HPE_INVALID_METHOD'
      ? refusal(methodNotImplemented(methodToken(error.rawPacket)), undefined, basePath)
      : refusal(malformedRequest('the request line or a header could not be parsed as HTTP/1.1'), undefined, basePath);
  answerOnSocket(socket, response).catch(() => socket.destroy());
}

/** The request's first word, for the problem's detail, when it is a plain token. */
function methodToken(raw: Buffer | undefined): string {
  const token = raw?.toString('latin1').split(' ', 1)[0] ?? '';
  return /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,32}$/.test(token) ? token : 'that method';
}
