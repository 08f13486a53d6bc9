import type { ArenaContext } from '../context.ts';
import { namingJson } from '../crypto/canonical-json.ts';
import { sha256Hex } from '../crypto/sha256.ts';
import type { IdempotencyClaim, StoredResponse } from './idempotency-store.ts';
import { HttpError, problemResponse } from './problem.ts';
import { purgeNowAndThen } from './housekeeping.ts';
import { BytesResponse, json, madeBodyOf } from './respond.ts';
import { isTransient } from './transient.ts';

/** Keys are kept a day; a request still "in flight" after a minute is taken to have crashed. */
export const KEEP_FOR_MS = 24 * 60 * 60 * 1000;
export const STALE_AFTER_MS = 60 * 1000;
/** How long a repeated request waits for the first one to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 25;

/** The `Idempotency-Key` rule, also applied where a bridge's argument becomes that header. */
export const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Response headers worth keeping for a replay. */
const KEPT_HEADERS = ['content-type', 'location', 'cache-control'];

/** How a durable write keeps its outcome. `redact` and `restore` keep secrets out of storage. */
export interface IdempotencyPolicy<Body = unknown> {
  /**
   * Whose keys these are: the agent's (`credential`), the bearer key's itself (`key`: a request
   * that replaces its own credential, so the same Idempotency-Key sent with the new key is
   * another request), or the endpoint's when there is no credential.
   */
  scope: 'credential' | 'key' | 'endpoint';
  /** Removes what must not be stored from a response body (parsed JSON) before it is kept. */
  // biome-ignore lint/suspicious/noExplicitAny: each route's body has its own shape; the route's own code types it
  redact?(body: any): any;
  /** Puts it back on replay, from the identical request (its body, and its headers where the credential is). */
  // biome-ignore lint/suspicious/noExplicitAny: as redact
  restore?(body: any, requestBody: Body, arena: ArenaContext, request: Request): any | Promise<any>;
  /**
   * The success answer made again from the records the request wrote (they carry its
   * digest), or undefined while it has written none. A route that can is spared storing each
   * answer a second time: its records complete its claim, and a replay is made from them.
   */
  recorded?(requestDigest: string, arena: ArenaContext): Promise<unknown>;
  /**
   * The route's record holds its key (a league submit's attempt keeps the key's digest, unique):
   * no claim is written before the write, which throws `KeyHeld` when the key is held already.
   * This finds the record holding the key, and whether the request with `requestDigest` wrote
   * it, for a refusal to give way to.
   */
  heldByRecord?(keyDigest: string, requestDigest: string, arena: ArenaContext): Promise<HeldBy | undefined>;
}

/** The record holding a key: the answer made again from it, and whether this request wrote it. */
export interface HeldBy {
  sameRequest: boolean;
  answer: unknown;
}

/**
 * Thrown by a write whose record holds its key (`heldByRecord`) when the key is held already: by
 * a record (`by`), or by an idempotency record (`by` undefined: a refusal kept for the key, or a
 * claim of another release's instance), which the claim path then answers.
 */
export class KeyHeld extends Error {
  constructor(readonly by?: HeldBy) {
    super('the Idempotency-Key is held already');
  }
}

/** The `Idempotency-Key` header: required on every durable write, 1 to 255 visible ASCII characters. */
export function idempotencyKeyOf(request: Request): string {
  const key = request.headers.get('idempotency-key');
  if (key === null) throw new HttpError('invalid-request', 'this durable write needs an `Idempotency-Key` header (1 to 255 visible ASCII characters)');
  if (!KEY_PATTERN.test(key)) throw new HttpError('invalid-request', 'the `Idempotency-Key` header must be 1 to 255 visible ASCII characters');
  return key;
}

/**
 * What the store keeps of an `Idempotency-Key`: SHA-256 of its scope (the credential that sent
 * it, or the endpoint) and the key, never the key itself, which a client may have derived from
 * a secret.
 */
export function idempotencyKeyDigest(scope: string, key: string): string {
  return sha256Hex(`${scope}\n${key}`);
}

/**
 * The identity of one request: its key's digest and its body's fingerprint together. Every
 * record a durable write inserts carries it, so a retry whose first answer was lost (the
 * process died between the write and keeping its answer) finds that record instead of writing
 * another; a key reused for a different body, even after it expired, is another request.
 */
export function requestDigestOf(keyDigest: string, fingerprint: string): string {
  return sha256Hex(`${keyDigest}\n${fingerprint}`);
}

/** Same key and same body: the same request. The body is compared as canonical JSON (as sent, where it has none). */
export function fingerprintOf(method: string, pathname: string, body: unknown): string {
  return sha256Hex(`${method} ${pathname}\n${body === undefined ? '' : namingJson(body)}`);
}

/** One durable write's request, as `runOnce` needs it. */
export interface OnceRequest<Body> {
  keyDigest: string;
  fingerprint: string;
  /** `requestDigestOf(keyDigest, fingerprint)`: what the write's records carry. */
  requestDigest: string;
  pathname: string;
  body: Body;
  /** The HTTP request, for a `restore` that derives from its credential. */
  request: Request;
  /** The request's id, for a failure reported while it is answered. */
  requestId?: string | undefined;
}

/**
 * Runs a durable write at most once per key: a repeat with the same body replays the first
 * response (`Idempotency-Replayed: true`), a different body is 422, and a repeat that arrives
 * while the first still runs waits for it briefly, then replays or answers 409. `execute` runs
 * only once the key is held.
 *
 * Refusals are outcomes and are kept, except those that say "not now" (429, 503, any 5xx):
 * they release the key, so the same request may be sent again later. When the write succeeded
 * but its answer cannot be kept (the database went away in between), the answer is still
 * given: the write's records carry the request's digest, so a retry finds them.
 */
export async function runOnce<Body>(arena: ArenaContext, request: OnceRequest<Body>, policy: IdempotencyPolicy<Body>, execute: () => Promise<Response>): Promise<Response> {
  return policy.heldByRecord ? await runHeldByRecord(arena, request, policy, policy.heldByRecord, execute) : await runClaimed(arena, request, policy, execute);
}

/**
 * A write whose record holds its key runs at once: a success is its record, written with the
 * key in one statement. Only when the key is held already, or the write refuses, is the claim
 * path taken: a refusal is kept for the key as any route's is (unless a record holds the key,
 * whose answer it gives way to: a retry refused only because time passed, its token expired),
 * and a key an idempotency record holds is answered from that record.
 */
async function runHeldByRecord<Body>(
  arena: ArenaContext,
  request: OnceRequest<Body>,
  policy: IdempotencyPolicy<Body>,
  heldByRecord: NonNullable<IdempotencyPolicy<Body>['heldByRecord']>,
  execute: () => Promise<Response>,
): Promise<Response> {
  let response: Response;
  try {
    response = await execute();
  } catch (error) {
    if (error instanceof KeyHeld) return error.by ? answerHeld(error.by) : await runClaimed(arena, request, policy, execute);
    if (!(error instanceof HttpError) || isTransient(error.status)) throw error;
    response = problemResponse(error, request.pathname, arena.basePath);
  }
  if (response.ok || isTransient(response.status)) return response;
  // The refusal is kept under a claim, and a record holding the key is looked for once the
  // claim is written: a record written before gives its answer instead, and a write whose
  // statement starts after sees the claim and gives way to it.
  return await runClaimed(arena, request, policy, async () => {
    const by = await heldByRecord(request.keyDigest, request.requestDigest, arena);
    if (by) throw new KeyHeld(by);
    return response;
  });
}

/** The answer to a request whose key a record holds: that record's answer again, or 422 if another request wrote it. */
function answerHeld(by: HeldBy): Response {
  if (!by.sameRequest) throw keyReused();
  return replayRecorded(by.answer);
}

function inFlight(): HttpError {
  return new HttpError('conflict', 'a request with this Idempotency-Key is still being processed; retry shortly', { headers: { 'retry-after': '1' } });
}

function keyReused(): HttpError {
  return new HttpError('idempotency-key-reused', 'this Idempotency-Key was first used with a different body; use a new key for a new request');
}

async function runClaimed<Body>(arena: ArenaContext, request: OnceRequest<Body>, policy: IdempotencyPolicy<Body>, execute: () => Promise<Response>): Promise<Response> {
  const claim = await claimOrWait(arena, request, policy);
  if (claim.state === 'recorded') return replayRecorded(claim.body);
  if (claim.state === 'completed') return await replay(claim.response, request, policy, arena);
  if (claim.state === 'mismatch') throw keyReused();
  if (claim.state === 'in-flight') throw inFlight();
  const held = { keyDigest: request.keyDigest, claimedAt: claim.claimedAt };
  let response: Response;
  try {
    response = await execute();
  } catch (error) {
    if (error instanceof KeyHeld || !(error instanceof HttpError) || isTransient(error.status)) {
      await release(arena, held);
      // The key was taken while this claim was held: by a record (another release's instance
      // wrote it), or by another request's claim once this one had gone stale.
      if (!(error instanceof KeyHeld)) throw error;
      if (error.by) return answerHeld(error.by);
      throw inFlight();
    }
    response = problemResponse(error, request.pathname, arena.basePath);
  }
  if (isTransient(response.status)) {
    await release(arena, held);
    return response;
  }
  if (policy.recorded && response.ok) {
    // Its records are its answer, kept: the claim stays as it is until it expires.
    await purgeNowAndThen(arena).catch((error) => arena.report({ what: 'expired records could not be purged', error, requestId: request.requestId }));
    return response;
  }
  // An answer made from its body is read from it, and given again from it, without a body stream.
  const made = madeBodyOf(response);
  const text = typeof made === 'string' ? made : made ? utf8.decode(made) : await response.text();
  try {
    await arena.store.completeIdempotencyKey(held, stored(response, text, policy), arena.now() + KEEP_FOR_MS);
    await purgeNowAndThen(arena);
  } catch (error) {
    arena.report({ what: 'a durable write succeeded but its answer could not be kept; a retry will find its records', error, requestId: request.requestId });
  }
  if (made !== undefined) return new BytesResponse(made, { status: response.status, headers: response.headers });
  return new Response(text, { status: response.status, headers: response.headers });
}

const utf8 = new TextDecoder();

/** Gives the key up; if even that fails (storage is down), the claim goes stale on its own. */
async function release(arena: ArenaContext, held: { keyDigest: string; claimedAt: number }): Promise<void> {
  await arena.store.releaseIdempotencyKey(held).catch(() => undefined);
}

type Claimed = IdempotencyClaim | { state: 'recorded'; body: unknown };

async function claimOrWait(arena: ArenaContext, request: OnceRequest<unknown>, policy: IdempotencyPolicy<never>): Promise<Claimed> {
  // Counted in polls, not by the arena's clock, which tests may hold still.
  for (let polls = 0; ; polls++) {
    const claim = await claimOrRecorded(arena, request, policy);
    if (claim.state !== 'in-flight' || polls * POLL_MS >= WAIT_FOR_FIRST_MS) return claim;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Claims the key; for a route whose records are its answer, a claim left in flight is first
 * asked for its records, and taken over (when stale) only if it wrote none: a claim whose
 * records exist was answered, however long ago.
 */
async function claimOrRecorded(arena: ArenaContext, request: OnceRequest<unknown>, policy: IdempotencyPolicy<never>): Promise<Claimed> {
  const claim = (staleAfterMs: number) =>
    arena.store.claimIdempotencyKey({ keyDigest: request.keyDigest, fingerprint: request.fingerprint, now: arena.now(), staleAfterMs, keepForMs: KEEP_FOR_MS });
  if (!policy.recorded) return await claim(STALE_AFTER_MS);
  const first = await claim(NEVER_STALE_MS);
  if (first.state !== 'in-flight') return first;
  const body = await policy.recorded(request.requestDigest, arena);
  if (body !== undefined) return { state: 'recorded', body };
  return await claim(STALE_AFTER_MS);
}

/** A claim is never this old: the claim above takes over only expired records. */
const NEVER_STALE_MS = 2 ** 52;

function stored(response: Response, text: string, policy: IdempotencyPolicy<never>): StoredResponse {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const redacted = policy.redact && response.ok ? JSON.stringify(policy.redact(JSON.parse(text))) : text;
  return { status: response.status, headers, body: redacted };
}

/** The answer made again from the write's records, as the first was made: a JSON success. */
function replayRecorded(body: unknown): Response {
  return json(body, { headers: { 'idempotency-replayed': 'true' } });
}

async function replay<Body>(response: StoredResponse, request: OnceRequest<Body>, policy: IdempotencyPolicy<Body>, arena: ArenaContext): Promise<Response> {
  const ok = response.status >= 200 && response.status < 300;
  const body = policy.restore && ok ? JSON.stringify(await policy.restore(JSON.parse(response.body), request.body, arena, request.request)) : response.body;
  return new Response(body, { status: response.status, headers: { ...response.headers, 'idempotency-replayed': 'true' } });
}
