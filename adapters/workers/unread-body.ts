/**
 * What a Worker's answer left unread of its request's body. workerd closes the connection of a
 * request whose body was not read (a write refused on its credential, say) without saying so in
 * the answer, and the client's next request on that connection then fails ("socket hang up").
 * Reading the rest first keeps the connection for the next request.
 */
import { LINGER_BYTES, LINGER_MS } from '../lingering-close.ts';

/**
 * Reads and discards the unread rest of `request`'s body before `answer` is sent: at most
 * `LINGER_BYTES`, for at most `LINGER_MS`, then what is left is cancelled and the connection
 * closes. A body refused for its size (413) is not read at all: that connection is to close.
 */
export async function discardUnreadBody(request: Request, answer: Response): Promise<void> {
  const body = request.body;
  if (body === null || request.bodyUsed || body.locked || answer.status === 413) return;
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), LINGER_MS);
  });
  try {
    for (let discarded = 0; discarded <= LINGER_BYTES; ) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') break;
      if (next.done) return;
      discarded += next.value.byteLength;
    }
    // Too much, or too slow: not worth waiting for; this connection closes.
    await reader.cancel();
  } catch {
    // The client went while sending: there is no connection left to keep.
  } finally {
    clearTimeout(timer);
  }
}
