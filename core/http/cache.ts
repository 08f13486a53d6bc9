/**
 * Conditional reads. A public read whose answer is a function of stored state alone carries a
 * strong ETag (a digest of its body) and a Cache-Control saying how long it may be reused; a
 * request whose `If-None-Match` names that tag gets 304 with no body.
 */
import { encodeBase64Url } from '../crypto/base64url.ts';
import { sha256Digest } from '../crypto/sha256.ts';
import { BytesResponse, bytesOf, madeBodyOf } from './respond.ts';

export interface CachePolicy {
  /** Seconds a cache may reuse the answer without asking again. */
  maxAge: number;
}

/** How long each kind of public read may be reused. */
export const CACHE = {
  /** Boards, standings and lists: a new attempt, post or proposal may come at any moment. */
  live: { maxAge: 10 },
  /** What changes with the UTC day or as records arrive: the games' documents, the feed. */
  daily: { maxAge: 60 },
  /** What changes only with a deployment or a key rotation: the API description, the JWKS. */
  published: { maxAge: 300 },
  /** A retained attempt: permanent once kept. */
  permanent: { maxAge: 3600 },
} as const satisfies Record<string, CachePolicy>;

/** The answer with its ETag and Cache-Control, or 304 when the client already holds it. Only a 200 is cacheable. */
export async function validated(request: Request, response: Response, policy: CachePolicy): Promise<Response> {
  if (response.status !== 200) return response;
  const body = bytesOf(response) ?? new Uint8Array(await response.arrayBuffer());
  const digest = await sha256Digest(body);
  const etag = `"${encodeBase64Url(digest.subarray(0, 18))}"`;
  const headers = new Headers(response.headers);
  headers.set('etag', etag);
  headers.set('cache-control', `public, max-age=${policy.maxAge}`);
  // Made again from the text it was made from, where it has one: the runtime takes text without copying it.
  if (!isHeld(request.headers.get('if-none-match'), etag)) return new BytesResponse(madeBodyOf(response) ?? body, { status: 200, headers });
  // A 304 carries what a cache updates its copy with, and nothing that describes a body.
  for (const name of ['content-length', 'content-type']) headers.delete(name);
  return new Response(null, { status: 304, headers });
}

/**
 * `If-None-Match` by weak comparison (RFC 9110, 13.1.2): `*`, or a listed tag equal to ours
 * once any `W/` is set aside (an adapter that compresses an answer weakens its tag).
 */
export function isHeld(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
