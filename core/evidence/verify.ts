/**
 * What a verifier checks, with the arena's public keys alone (`agent-arena verify` offline, with a
 * JWKS; `POST /api/receipts/verify`, with the arena's own): a bare token, or a file holding one.
 * A token passes its own checks (signature and kind, and its game's: a duel's checksum,
 * commitment and replay, a State Forge receipt's checksum, a capsule's audit); a file is valid
 * only if every field it shows equals what its token signs, but those its form lists as unsigned.
 */
import type { TokenKind, Tokens } from '../crypto/tokens.ts';
import { Unsigned, compare, describe, isObject, pathText, shown, type Difference, type Path } from './compare.ts';
import { formsOf, type Expectation } from './forms.ts';
import { openEvidence } from './opened.ts';

export type Verdict = { valid: true; kind: TokenKind; game: string; form: string; checked: string[]; unsigned: string[]; signedAt: string } | { valid: false; reason: string };

/** Where the forms of evidence hold their token. */
const TOKEN_PATHS: Path[] = [
  ['receipt', 'token'],
  ['receiptToken'],
  ['capsule'],
  ['token'],
  ['result', 'receipt', 'token'],
  ['attempt', 'receiptToken'],
  ['attempt', 'result', 'receipt', 'token'],
];

/**
 * Verifies `given`: a token, or a file holding one. Each token the file holds is verified and
 * the file is held to every form of its evidence; the reason a file is not valid is the first
 * difference of the form it is closest to (by its members, then by its differences).
 */
export async function verifyEvidence(tokens: Tokens, given: unknown): Promise<Verdict> {
  const { found, tokenless } = typeof given === 'string' ? { found: [{ path: [], token: given.trim() }], tokenless: [] } : tokensIn(given);
  // Why a token the file holds cannot be verified: the reason when no form fits the file.
  const refusals: string[] = [];
  let closest: { misfit: number; differences: Difference[] } | undefined;
  for (const { path, token } of found) {
    const opened = await openEvidence(tokens, token);
    if ('refused' in opened) {
      refusals.push(path.length === 0 ? opened.refused : `${pathText(path)}: ${opened.refused}`);
      continue;
    }
    const { kind, game, signedAt } = opened;
    if (!isObject(given)) return { valid: true, kind, game, form: 'a bare token', checked: opened.checked, unsigned: [], signedAt };
    for (const form of formsOf(opened, tokens)) {
      const expectation = await form(given);
      const { differences, unsigned } = compare(given, expectation.expected);
      const all = [...expectation.differences, ...differences];
      if (all.length === 0) return { valid: true, kind, game, form: expectation.form, checked: [...opened.checked, ...expectation.checked, 'fields'], unsigned, signedAt };
      const misfit = membersMisfit(given, expectation);
      if (!closest || misfit < closest.misfit || (misfit === closest.misfit && all.length < closest.differences.length)) closest = { misfit, differences: all };
    }
  }
  const [empty] = tokenless;
  const trouble =
    refusals[0] ?? (empty && `${pathText(empty.path)}: ${empty.value === undefined ? 'missing' : `the file says ${shown(empty.value)}`}; the token is what is verified`);
  if ((!closest || closest.misfit > 0) && trouble) return { valid: false, reason: trouble };
  if (!closest) return { valid: false, reason: 'no token found: give a receipt token, a capsule, or an answer holding one (`receipt.token`, `receiptToken`, `capsule`)' };
  const [first, ...others] = closest.differences;
  return {
    valid: false,
    reason: `${describe(first!)}${others.length > 0 ? ` (and ${others.length} other difference${others.length === 1 ? '' : 's'} from what the receipt signs)` : ''}`,
  };
}

/** How far a file's members are from a form's: members it lacks or adds. A file is first told by its members. */
function membersMisfit(file: Record<string, unknown>, { expected, members }: Expectation): number {
  if (!isObject(expected)) return Infinity;
  const optional = Object.keys(expected).filter((name) => expected[name] instanceof Unsigned && (expected[name] as Unsigned).optional);
  const required = members ?? Object.keys(expected).filter((name) => !optional.includes(name));
  return required.filter((name) => !Object.hasOwn(file, name)).length + Object.keys(file).filter((name) => !required.includes(name) && !optional.includes(name)).length;
}

/**
 * The distinct tokens a file holds where its forms hold one, and the places within an object
 * of the file where a token belongs and none is (a `receipt` without its `token`).
 */
function tokensIn(given: unknown) {
  const found = new Map<string, Path>();
  const tokenless: { path: Path; value: unknown }[] = [];
  for (const path of TOKEN_PATHS) {
    const holder = path.slice(0, -1).reduce<unknown>((inner, key) => (isObject(inner) ? inner[key as string] : undefined), given);
    const value = isObject(holder) ? holder[path.at(-1) as string] : undefined;
    if (typeof value === 'string') {
      if (!found.has(value)) found.set(value, path);
    } else if (path.length > 1 && isObject(holder)) tokenless.push({ path, value });
  }
  return { found: [...found].map(([token, path]) => ({ path, token })), tokenless };
}
