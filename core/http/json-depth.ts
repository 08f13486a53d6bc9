import { HttpError } from './problem.ts';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The deepest body the arena
 * reads (a wrapped State Forge definition) nests 5 levels; answers that echo a body back
 * (A2A's task) would overflow the stack serialising thousands.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `text` opens more than `max` arrays and objects inside one another, counting brackets
 * outside strings: one pass over the text, before any parsing, so a body that would cost
 * anything to refuse is refused for nothing. Text that is not JSON at all is left to the parser.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/** 400 for a body nested past `MAX_JSON_DEPTH`. */
export function tooDeep(): HttpError {
  const message = `JSON bodies may nest arrays and objects at most ${MAX_JSON_DEPTH} levels deep`;
  return new HttpError('invalid-request', message, { errors: [{ path: '', message }] });
}
