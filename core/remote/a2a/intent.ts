import { nestsDeeperThan, tooDeep } from '../../http/json-depth.ts';
import { A2AError } from './errors.ts';
import type { InputPart } from './send-request.ts';

/** What a message asks of this agent: to play a Packet Run tape, or (anything else) orientation. */
export type Intent = { skill: 'packet-run'; submission: Record<string, unknown> } | { skill: 'orientation' };

/**
 * A message plays Packet Run when it carries actions: a data part (or a text part holding a JSON
 * object) with an `actions` member, sent on as the submit body as it is, or text such as
 * `actions: UURRDD`. Everything else, questions included, is a request for orientation.
 */
export function intentOf(parts: readonly InputPart[]): Intent {
  for (const part of parts) {
    const object = part.kind === 'data' ? part.data : jsonObjectIn(part.text);
    if (isObject(object) && object.actions !== undefined) return { skill: 'packet-run', submission: object };
  }
  for (const part of parts) {
    const actions = part.kind === 'text' ? tapeIn(part.text) : undefined;
    if (actions !== undefined) return { skill: 'packet-run', submission: { actions } };
  }
  return { skill: 'orientation' };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonObjectIn(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  // JSON inside a text part was never counted with the body's own nesting.
  if (nestsDeeperThan(trimmed)) throw new A2AError('invalidParams', `a text part's JSON: ${tooDeep().detail}`);
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/**
 * `actions: UURRDD` (or `actions = U U R R`) in free text: the capital letters and separators
 * after the label, up to the first word that is not a tape. Capitals only, so ordinary words
 * after the tape are never read as moves. A label followed by no tape still means to play: its
 * first word goes to the route, whose refusal then says what a tape looks like.
 */
function tapeIn(text: string): string | undefined {
  const match = /\bactions\s*[:=]\s*([^\n]*)/i.exec(text);
  if (!match) return undefined;
  const tape: string[] = [];
  for (const word of match[1]!.trim().split(/\s+/)) {
    if (!/^[UDLR,;|>-]+$/.test(word)) break;
    tape.push(word);
  }
  const joined = tape.join(' ').replace(/[,;|>-]+$/, '');
  return /[UDLR]/.test(joined) ? joined : (match[1]!.trim().split(/\s+/)[0] ?? '');
}
