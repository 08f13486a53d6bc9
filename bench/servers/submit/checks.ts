/**
 * A submit's request checked by hand, by the arena's rules: the bearer key's form, the
 * Idempotency-Key header, the body's media type and its fields. Each check gives what it read,
 * or the problem the arena answers for it.
 */
import { MAX_TOKEN_LENGTH } from '../../../core/crypto/tokens.ts';
import type { Direction } from '../../../core/games/packet-run/actions.ts';
import { parseActionList, parseActionString } from '../../../core/games/packet-run/parse.ts';
import { type Answer, problem } from './answers.ts';

const REALM = 'Bearer realm="agent-arena"';
const ARENA_KEY = /^arena_[A-Za-z0-9_-]{43}$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const JSON_MEDIA_TYPE = /^application\/(?:json|[a-z0-9.+-]+\+json)$/;

export interface SubmitBody {
  challengeToken: string;
  actions: Direction[];
}

/** The arena key of `Authorization: Bearer <key>`, or the 401 for its absence or form. */
export function bearerKey(header: string | undefined): string | Answer {
  if (!header) return unauthorized('send your arena key as `Authorization: Bearer <ARENA_KEY>`', REALM);
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!match) return unauthorized('the Authorization header must be `Bearer <token>`', `${REALM}, error="invalid_request"`);
  if (!ARENA_KEY.test(match[1]!)) return unauthorized('an arena key is `arena_` followed by 43 base64url characters', `${REALM}, error="invalid_token"`);
  return match[1]!;
}

export const unknownKey = (): Answer => unauthorized('this arena key is not known here', `${REALM}, error="invalid_token"`);

function unauthorized(detail: string, challenge: string): Answer {
  return problem('unauthorized', detail, { headers: { 'www-authenticate': challenge } });
}

/** The `Idempotency-Key` header, or its 400. */
export function idempotencyKey(header: string | string[] | undefined): string | Answer {
  if (header === undefined) return problem('invalid-request', 'this durable write needs an `Idempotency-Key` header (1 to 255 visible ASCII characters)');
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) return problem('invalid-request', 'the `Idempotency-Key` header must be 1 to 255 visible ASCII characters');
  return header;
}

/** Undefined when the body is declared JSON; else the 415. */
export function unlessJson(contentType: string | undefined): Answer | undefined {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (JSON_MEDIA_TYPE.test(essence)) return undefined;
  return problem('unsupported-media-type', 'send the body as JSON with `Content-Type: application/json`');
}

/** `{ challengeToken, actions }` and nothing else, the actions parsed; or the 400 naming the field. */
export function submitBody(value: unknown): SubmitBody | Answer {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid('', 'the body must be a JSON object');
  const fields = value as Record<string, unknown>;
  for (const name in fields) if (name !== 'challengeToken' && name !== 'actions') return invalid(name, 'is not a field of this body');
  const { challengeToken, actions } = fields;
  if (typeof challengeToken !== 'string' || challengeToken.length === 0 || challengeToken.length > MAX_TOKEN_LENGTH) {
    return invalid('challengeToken', 'must be a token string this arena issued');
  }
  const parsed =
    typeof actions === 'string'
      ? parseActionString(actions)
      : Array.isArray(actions) && actions.every((item) => typeof item === 'string')
        ? parseActionList(actions)
        : { ok: false as const, message: 'must be a string of U, D, L, R or an array of them' };
  if (!parsed.ok) return invalid('actions', parsed.message);
  return { challengeToken, actions: parsed.value };
}

function invalid(path: string, message: string): Answer {
  return problem('invalid-request', `invalid body: ${path ? `${path}: ` : ''}${message}`, { path, message });
}
