import { encodeBase64Url } from '../../core/crypto/base64url.ts';
import { holdsCredential } from '../../core/schema/text.ts';
import { compared, rateRow, type BenchCase } from '../case.ts';
import { measureRates, syncCalls } from '../measure.ts';

/** The longest text a field accepts (a Clubhouse post's body, a proposal's rule text). */
const LENGTH = 8000;

const fill = (piece: string) => piece.repeat(Math.ceil(LENGTH / piece.length)).slice(0, LENGTH);

/** Texts of the same length: prose, then the shapes that cost a backtracking pattern most. */
const TEXTS = {
  prose: fill('The quick brown fox jumps over the lazy dog. '),
  eyJ: fill('eyJ'),
  eyJDot: fill('eyJa.'),
  lastDot: `${'eyJ'.repeat(LENGTH / 4)}.${'x'.repeat(LENGTH - (3 * LENGTH) / 4 - 2)}.`,
  // Headers that decode to JSON-like text naming the type, so each one is parsed, and fails.
  namingHeaders: fill(`${encodeBase64Url(new TextEncoder().encode('{"registration+jwt'))}.a.a `),
};

/** What the rule-03 check costs per text, compared with ordinary prose of the same length. */
export const credentialScanCase: BenchCase = {
  name: 'credential-scan',
  about: `
Texts per second through \`holdsCredential\` (rule 03: no arena key or registration capability in
posted text), in process, on texts of ${LENGTH.toLocaleString('en-US')} characters, the longest a field accepts. Prose is
the baseline; the others are the shapes that made the former pattern backtrack: \`eyJ\` repeated
with no dot, \`eyJa.\` repeated, many \`eyJ\` and the dots at the end, and headers crafted to decode to
JSON-like text that names the registration type (each is parsed, and the parse fails). The check
reads the text in one pass, so every ratio is a constant; the crafted headers cost most, one
failed JSON parse every 31 characters.`,
  async run() {
    const rates = await measureRates(
      Object.fromEntries(Object.entries(TEXTS).map(([name, text]) => [name, syncCalls(() => holdsCredential(text))])) as Record<keyof typeof TEXTS, ReturnType<typeof syncCalls>>,
    );
    const prose = rateRow('prose', 'texts/s', rates.prose);
    const row = (name: keyof typeof TEXTS, label: string) => compared(rateRow(label, 'texts/s', rates[name]), prose);
    return [
      prose,
      row('eyJ', '`eyJ` repeated'),
      row('eyJDot', '`eyJa.` repeated'),
      row('lastDot', '`eyJ` repeated, dots at the end'),
      row('namingHeaders', 'crafted headers naming the type'),
    ];
  },
};
