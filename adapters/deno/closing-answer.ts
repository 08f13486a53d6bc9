/** The error that ends a closing answer's body once all of it is sent; expected, never logged. */
export class ConnectionClosed extends Error {
  constructor() {
    super('the answer said connection: close; the connection is dropped after its last byte');
    this.name = 'ConnectionClosed';
  }
}

/**
 * Deno 2.9, after answering a request whose body the core stopped reading, reads and discards
 * the rest of that body before closing the connection, however long the client takes to send
 * it, even when the answer says `connection: close` (the 413's). The only way to close it
 * sooner is for the answer's body to fail, so an answer that says `connection: close` gets a
 * body that fails once its last byte has been sent: Deno then drops the connection. Its length
 * is declared, so the client has the whole answer by then.
 */
export async function closingAfter(response: Response): Promise<Response> {
  if (response.headers.get('connection')?.toLowerCase() !== 'close' || response.body === null) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('content-length', String(bytes.byteLength));
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return controller.error(new ConnectionClosed());
      sent = true;
      controller.enqueue(bytes);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
