import { answerHeaders, hasBody, standardResponse } from '../../core/index.ts';
import { LINGER_MS } from '../lingering-close.ts';

/** The error that ends a closing answer's body once all of it is sent; expected, never logged. */
export class ConnectionClosed extends Error {
  constructor() {
    super('the answer said connection: close; the connection is dropped once its last byte has had time to arrive');
    this.name = 'ConnectionClosed';
  }
}

/**
 * The Response Deno is handed for the arena's `answer`.
 *
 * Deno 2.9 does not close a connection because its answer says `connection: close` (the 413's,
 * or any a stopping server gives): it waits for the next request, and after answering one whose
 * body the core stopped reading, it first reads and discards the rest of that body, however long
 * the client takes to send it. The only way to close it is for the answer's body to fail, so an
 * answer that says `connection: close` gets a body that fails `LINGER_MS` after its last byte
 * has been sent: Deno then drops the connection. Its length is declared, so the client has the
 * whole answer by then, and has had time to read it before a client still sending is reset.
 *
 * The answer is asked before it is made an ordinary Response: Deno prepares a Response made from
 * bytes for sending as it is constructed, and reading that Response's headers afterwards would
 * make it drop what it prepared.
 */
export async function toDenoResponse(answer: Response): Promise<Response> {
  if (answerHeaders(answer).get('connection')?.toLowerCase() !== 'close' || !hasBody(answer)) return standardResponse(answer);
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.set('content-length', String(bytes.byteLength));
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent) {
        await new Promise((resolve) => setTimeout(resolve, LINGER_MS));
        return controller.error(new ConnectionClosed());
      }
      sent = true;
      controller.enqueue(bytes);
    },
  });
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
}
