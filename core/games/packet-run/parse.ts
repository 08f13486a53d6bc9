import type { Parsed } from '../../schema/parsed.ts';
import { MAX_ACTIONS, type Direction } from './actions.ts';

/** The submitted string form's limit; the GET `actions` parameter is held to 20. */
export const MAX_ACTION_STRING_LENGTH = 64;
export const MAX_QUERY_ACTION_LENGTH = 20;

/** Exactly these eight letters; no Unicode case mapping can smuggle another character in. */
const LETTERS = new Map<string, Direction>([
  ['U', 'U'],
  ['u', 'U'],
  ['D', 'D'],
  ['d', 'D'],
  ['L', 'L'],
  ['l', 'L'],
  ['R', 'R'],
  ['r', 'R'],
]);

/** Separators allowed between letters: ASCII whitespace and , ; | > - in any mix. */
const SEPARATORS = new Set([' ', '\t', '\n', '\r', '\f', '\v', ',', ';', '|', '>', '-']);

export type ParsedActions = Parsed<Direction[]>;

/**
 * The compact string grammar: letters U, D, L, R in either case, optionally separated.
 * Positions in messages count characters (code points) from 1.
 */
export function parseActionString(text: string, maxLength = MAX_ACTION_STRING_LENGTH): ParsedActions {
  const characters = [...text];
  if (characters.length > maxLength) {
    return { ok: false, message: `must be at most ${maxLength} characters (got ${characters.length})` };
  }
  const actions: Direction[] = [];
  for (const [index, character] of characters.entries()) {
    const letter = LETTERS.get(character);
    if (letter) actions.push(letter);
    else if (!SEPARATORS.has(character)) {
      return { ok: false, message: `unexpected character ${describe(character)} at position ${index + 1}; use U, D, L, R` };
    }
  }
  return checkCount(actions);
}

/** The array form: each item exactly one of U, D, L, R (either case). */
export function parseActionList(items: readonly string[]): ParsedActions {
  if (items.length > MAX_ACTIONS) return { ok: false, message: `at most ${MAX_ACTIONS} actions are allowed (got ${items.length})` };
  const actions: Direction[] = [];
  for (const [index, item] of items.entries()) {
    const letter = LETTERS.get(item);
    if (!letter) return { ok: false, message: `item ${index} is ${JSON.stringify(item)}; each item must be one of U, D, L, R` };
    actions.push(letter);
  }
  return checkCount(actions);
}

function checkCount(actions: Direction[]): ParsedActions {
  if (actions.length === 0) return { ok: false, message: 'at least one action is required' };
  if (actions.length > MAX_ACTIONS) return { ok: false, message: `at most ${MAX_ACTIONS} actions are allowed (got ${actions.length})` };
  return { ok: true, value: actions };
}

function describe(character: string): string {
  const code = character.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code > 0x20 && code !== 0x7f ? `"${character}" (${hex})` : hex;
}
