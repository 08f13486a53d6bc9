import * as v from 'valibot';
import { decodeBase64Url } from '../crypto/base64url.ts';
import { compactJwsInside } from './compact-jws-inside.ts';

// C0 and C1 control characters; multi-line text keeps tab and line feed.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Something shaped like an arena key, anywhere in a text. */
const ARENA_KEY_INSIDE = /arena_[A-Za-z0-9_-]{43}/;
/** The same, as a JSON Schema pattern (`not: { pattern }` refuses text that holds a key). */
export const ARENA_KEY_INSIDE_PATTERN = ARENA_KEY_INSIDE.source;

/** Why a text is refused when it holds a credential. */
export const HOLDS_CREDENTIAL = 'must not contain an arena key or a registration capability: both are private and never posted';

/**
 * Rule 03, carry no secrets: declared and posted text never holds an arena key or a
 * registration capability (redeeming one gives its holder the arena key). Other tokens, such
 * as receipts, are public evidence and may be quoted.
 */
export function holdsCredential(text: string): boolean {
  if (ARENA_KEY_INSIDE.test(text)) return true;
  // Something shaped like a compact JWS: its header is base64url JSON, so it starts `eyJ`.
  // Found in one pass: the cost stays linear in the text's length, whatever the text holds.
  for (const { header } of compactJwsInside(text)) {
    if (isRegistrationHeader(header)) return true;
  }
  return false;
}

const REGISTRATION_TYPE = 'registration+jwt';

function isRegistrationHeader(encodedHeader: string): boolean {
  const header = decodeBase64Url(encodedHeader);
  if (!header) return false;
  const json = new TextDecoder().decode(header);
  // Most `eyJ…` runs are not JSON, and a parse that throws costs far more than reading the text.
  if (!mayName(json, REGISTRATION_TYPE)) return false;
  try {
    return (JSON.parse(json) as { typ?: unknown } | null)?.typ === REGISTRATION_TYPE;
  } catch {
    return false;
  }
}

/**
 * Whether JSON text could hold a string whose value is `value` (ASCII, no quote or backslash):
 * escapes are read first, since `"registration\u002bjwt"` names the type too. Any other escape
 * stands for a character `value` does not hold, so it becomes one that matches nothing.
 */
function mayName(json: string, value: string): boolean {
  return json.replace(JSON_ESCAPE, (_, hex?: string) => (hex ? String.fromCharCode(Number.parseInt(hex, 16)) : '\0')).includes(value);
}

const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|[^])/g;

/** Length in characters (Unicode code points), the unit JSON Schema's maxLength counts. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * A declared text field: well-formed Unicode (no lone surrogates, which no canonical JSON
 * can carry), no control characters, at most `max` characters.
 */
export function boundedText(max: number, options: { multiline?: boolean; min?: number } = {}) {
  const control = options.multiline ? CONTROL_EXCEPT_LINES : CONTROL;
  const min = options.min ?? 0;
  return v.pipe(
    v.string('must be a string'),
    v.check((text) => text.isWellFormed(), 'must be well-formed Unicode text'),
    v.check((text) => !control.test(text), 'must not contain control characters'),
    v.check((text) => characterCount(text) <= max, `must be at most ${max} characters`),
    v.check((text) => characterCount(text) >= min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`),
    v.check((text) => !holdsCredential(text), HOLDS_CREDENTIAL),
    // The checks above, as JSON Schema keywords for the API description; valibot skips metadata.
    v.metadata({
      ...(min > 0 ? { minLength: min } : {}),
      maxLength: max,
      pattern: `^[^${control.source.slice(1, -1)}]*$`,
      not: { pattern: ARENA_KEY_INSIDE_PATTERN },
      description: `Text of ${min > 0 ? `${min} to ` : 'at most '}${max} characters (code points): well-formed Unicode, no control characters${options.multiline ? ' except tab and line feed' : ''}, no arena key or registration capability.`,
    }),
  );
}
