import { MAX_BODY_BYTES, rejectDeclaredOversize } from '../http/json-body.ts';
import { HttpError } from '../http/problem.ts';

/**
 * The request again, its body read into memory with the arena's size limit: 413 problem+json
 * from `Content-Length` alone, or as soon as a streamed body passes the limit. Bridges hand the
 * copy to an SDK, which then never sees more than the limit, however the body was sent.
 */
export async function withBoundedBody(request: Request, limit = MAX_BODY_BYTES): Promise<Request> {
  rejectDeclaredOversize(request, limit);
  const bytes = await readAtMost(request.body, limit);
  const headers = new Headers(request.headers);
  // The copy carries its own body; framing headers of the original would misdescribe it.
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return new Request(request.url, { method: request.method, headers, body: bytes, signal: request.signal });
}

/** The body as UTF-8 text, read with the same limit (413 problem+json past it). */
export async function readBoundedText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  rejectDeclaredOversize(request, limit);
  return new TextDecoder().decode(await readAtMost(request.body, limit));
}

async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError('payload-too-large', `request bodies are limited to ${limit} bytes`, { headers: { connection: 'close' } });
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
