/**
 * Which answers are compressed, and how: the negotiation every adapter shares. An answer is
 * worth compressing when its media type is text-like, its length is known and at least
 * `MINIMUM_BYTES`, and nothing forbids it (`no-transform`, an encoding already set). Such an
 * answer varies with `Accept-Encoding`, compressed or not, so caches keep the two apart.
 */
import { answerHeaders, hasBody, type AnswerHeaders } from '../core/index.ts';

export type Encoding = 'br' | 'gzip';

/** Below this, the encoding's own overhead and the CPU cost outweigh what it saves. */
const MINIMUM_BYTES = 1024;

const TEXT_LIKE = /^(text\/|application\/([\w.+-]*\+)?(json|xml)\b|application\/(javascript|x-ndjson)\b)/i;

/** The encoding to answer in: brotli before gzip, each only where the client accepts it (q > 0). */
export function negotiate(acceptEncoding: string | null): Encoding | null {
  if (acceptEncoding === null) return null;
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [coding = '', ...parameters] = item.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([01](\.\d{0,3})?)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    weights.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: Encoding) => weights.get(coding) ?? (weights.has('*') ? weights.get('*')! : 0);
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
}

/** Whether the answer is one compression is for (whatever this client accepts). */
export function isCompressible(response: Response): boolean {
  const headers = answerHeaders(response);
  const length = Number(headers.get('content-length') ?? Number.NaN);
  return (
    hasBody(response) &&
    response.status !== 204 &&
    response.status !== 206 &&
    !headers.has('content-encoding') &&
    !/\bno-transform\b/i.test(headers.get('cache-control') ?? '') &&
    TEXT_LIKE.test(headers.get('content-type') ?? '') &&
    length >= MINIMUM_BYTES
  );
}

/** Says the answer varies with `Accept-Encoding` (once). */
export function varyOnEncoding(headers: AnswerHeaders): void {
  const vary = headers.get('vary');
  if (!/\baccept-encoding\b/i.test(vary ?? '')) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * The headers of the answer once encoded: `Vary: Accept-Encoding`, the encoding, no length (the
 * encoder's own is set by who knows it), and a strong ETag weakened, since the tag named the
 * uncompressed bytes.
 */
export function encodedHeaders(response: Response, encoding: Encoding): Headers {
  const headers = new Headers(response.headers);
  varyOnEncoding(headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  const etag = headers.get('etag');
  if (etag?.startsWith('"')) headers.set('etag', `W/${etag}`);
  return headers;
}
