/**
 * Agent Arena's runtime-agnostic core: one fetch handler built from Web standards only.
 * Adapters in `adapters/` connect it to Node, Bun, Deno and Cloudflare Workers.
 */
export { createArena, createArenaContext, type Arena, type ArenaOptions } from './arena.ts';
export type { Connection } from './http/route.ts';
export { BASE_PATH_FORM, isBasePath } from './http/base-path.ts';
export { clientKeyOf } from './http/client-key.ts';
export { summarizeError, type ArenaEvent, type ArenaLog, type FailureEvent, type LogLevel, type RequestEvent } from './http/log.ts';
export { publicJwkFromSeed, type PublicJwk } from './crypto/key-ring.ts';
export { publicKeyFromSeed, randomSeed } from './crypto/ed25519.ts';
export { decodeBase64Url, encodeBase64Url } from './crypto/base64url.ts';
export { deriveServerSecret } from './crypto/derive.ts';
export { portableSha256, useSha256, type Sha256 } from './crypto/sha256.ts';
export { internalFailure, malformedRequest, methodNotImplemented, misconfigured, refusal, storageUnavailable } from './http/refusals.ts';
export { StorageUnavailableError } from './store/errors.ts';
export type { Store } from './store/store.ts';
export { answerHeaders, bytesOf, hasBody, madeBodyOf, standardResponse, withHeaders, type MadeBody } from './http/respond.ts';
export type { AnswerHeaders } from './http/header-record.ts';
