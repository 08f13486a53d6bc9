import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { bytesOf, withHeaders } from '../core/index.ts';
import { encodedHeaders, isCompressible, negotiate, varyOnEncoding, type Encoding } from './compression.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const ENCODERS: Record<Encoding, (bytes: Uint8Array) => Promise<Uint8Array<ArrayBuffer>>> = {
  // Quality 5: most of brotli's gain at a fraction of its default (11) cost, for answers made per request.
  br: (bytes) => brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => gzipAsync(bytes, { level: 6 }),
};

/**
 * For Node, Bun and Deno, which send answers as the handler made them: a text-like answer of
 * 1 KiB or more compressed with brotli or gzip, as the request accepts, off the event loop (zlib
 * works in its thread pool).
 */
export async function compressed(response: Response, acceptEncoding: string | null): Promise<Response> {
  if (!isCompressible(response)) return response;
  const encoding = negotiate(acceptEncoding);
  if (encoding === null) return withHeaders(response, varyOnEncoding);
  const headers = encodedHeaders(response, encoding);
  const body = await ENCODERS[encoding](bytesOf(response) ?? new Uint8Array(await response.arrayBuffer()));
  headers.set('content-length', String(body.length));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
