import { nestsDeeperThan, tooDeep } from '../../http/json-depth.ts';
import { A2AError } from './errors.ts';
import type { InputPart } from './send-request.ts';

/** The skill a Packet Run tape sent on its own is played with. */
export const TAPE_SKILL = 'packet_run.submit';

/** What a message asks of this agent: one of its skills with these arguments, or (anything else) orientation. */
export type Intent = { skill: string; arguments: Record<string, unknown> } | { skill: 'orientation' };

/**
 * A message names its skill in a data part (or a text part holding a JSON object):
 * `{ "skill": "league.submit", "arguments": { … } }`. A tape alone plays Packet Run: an object
 * with an `actions` member, sent on as the submit body as it is, or text such as
 * `actions: UURRDD`. Everything else, questions included, is a request for orientation.
 */
export function intentOf(parts: readonly InputPart[]): Intent {
  const objects = parts.map((part) => (part.kind === 'data' ? part.data : jsonObjectIn(part.text))).filter(isObject);
  const named = objects.find((object) => object.skill !== undefined);
  if (named) return namedSkill(named);
  const tape = objects.find((object) => object.actions !== undefined);
  if (tape) return { skill: TAPE_SKILL, arguments: tape };
  for (const part of parts) {
    const actions = part.kind === 'text' ? tapeIn(part.text) : undefined;
    if (actions !== undefined) return { skill: TAPE_SKILL, arguments: { actions } };
  }
  return { skill: 'orientation' };
}

function namedSkill({ skill, arguments: args, ...rest }: Record<string, unknown>): Intent {
  const violations = [
    ...(typeof skill === 'string' && skill !== '' ? [] : [{ field: 'skill', description: 'must be the id of one of the agent card’s skills' }]),
    ...(args === undefined || isObject(args) ? [] : [{ field: 'arguments', description: 'must be an object of the skill’s arguments' }]),
    ...Object.keys(rest).map((name) => ({ field: name, description: 'is not a member of a skill call: put the skill’s arguments in `arguments`' })),
  ];
  if (violations.length > 0)
    throw new A2AError('invalidParams', `a skill call is { "skill": …, "arguments": { … } }: ${violations.map((v) => `${v.field} ${v.description}`).join('; ')}`, violations);
  return { skill: skill as string, arguments: (args ?? {}) as Record<string, unknown> };
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
