import * as v from 'valibot';
import { objectMessages } from '../../schema/object-messages.ts';
import { parsedBy } from '../../schema/parsed.ts';
import { boundedText } from '../../schema/text.ts';
import { TokenSchema } from '../../schema/token.ts';
import { CIRCUIT_ID_PATTERN } from './circuit.ts';
import { parseSequence } from './moves.ts';

/**
 * A nonce: 16 to 128 printable ASCII characters (0x21 to 0x7E), as the spec allows any 16 to
 * 128 characters and a product decision settled the alphabet. The commitment is over the
 * nonce's bytes exactly as sent; in a query string it travels percent-encoded like any value.
 */
export const NONCE_PATTERN = /^[\x21-\x7e]{16,128}$/;

/** The nonce's alphabet in words, for the circuit document and every refusal. */
export const NONCE_ALPHABET = 'printable ASCII, 0x21 to 0x7E (letters, digits and punctuation from ! to ~; no space, no control character, nothing beyond ASCII)';

const once = (what: string) => v.string(`must be ${what}, given once`);

const Commitment = v.pipe(once('64 hexadecimal characters'), v.regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (a SHA-256 digest)'), v.toLowerCase());
// The sequence rule as a pattern for the API description (valibot skips metadata): twelve of
// R, P, S in either case, the lookaheads holding R and P to four each, which leaves four S.
const Sequence = v.pipe(
  once('12 moves of R, P, S'),
  v.metadata({
    pattern: '^(?=(?:[^Rr]*[Rr]){4}[^Rr]*$)(?=(?:[^Pp]*[Pp]){4}[^Pp]*$)[RPSrps]{12}$',
    description: '12 moves of R, P, S in either case, exactly four of each',
  }),
  parsedBy(parseSequence),
);
const Nonce = v.pipe(once('the nonce'), v.regex(NONCE_PATTERN, `must be 16 to 128 characters of ${NONCE_ALPHABET}`));
const text = (max: number) => v.pipe(once('text'), boundedText(max));

export const InviteQuerySchema = v.object(
  {
    commitment: Commitment,
    circuit: v.pipe(once('a circuit id'), v.regex(CIRCUIT_ID_PATTERN, 'must be triad-circuit-YYYY-MM-DD')),
    challenger: v.optional(text(80)),
    model: v.optional(text(120)),
    sentBy: v.optional(text(120)),
  },
  objectMessages(['commitment', 'circuit', 'challenger', 'model', 'sentBy'], 'query parameters'),
);

export const RespondQuerySchema = v.object(
  { inviteToken: TokenSchema, moves: Sequence, responder: v.optional(text(80)) },
  objectMessages(['inviteToken', 'moves', 'responder'], 'query parameters'),
);

export const RevealQuerySchema = v.object({ responseToken: TokenSchema, moves: Sequence, nonce: Nonce }, objectMessages(['responseToken', 'moves', 'nonce'], 'query parameters'));

export const VerifyQuerySchema = v.object({ receiptToken: TokenSchema }, objectMessages(['receiptToken'], 'query parameters'));
