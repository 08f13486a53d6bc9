import * as v from 'valibot';
import { defineRoute } from '../http/route.ts';
import { objectMessages } from '../schema/object-messages.ts';
import { TokenSchema } from '../schema/token.ts';
import { verifyEvidence } from './verify.ts';

/** A JSON object (valibot's record would take an array as one, keyed by index). */
const AnswerObject = v.pipe(
  v.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'must be a JSON object'),
  v.metadata({ type: 'object' }),
);

/** What to check: a bare token, or an answer of the arena's holding one. */
const VerifyReceiptBodySchema = v.strictObject(
  {
    evidence: v.pipe(
      v.union([TokenSchema, AnswerObject], 'must be a token or the JSON object of an answer holding one'),
      v.description(
        'A receipt token, a capsule, or a whole answer holding one (a Packet Run run, a league attempt or export line, a Triad Duel reveal, a State Forge play or compile answer, a receipt object): every field it shows must equal what its token signs, but the few its form lists as unsigned',
      ),
    ),
  },
  objectMessages(['evidence'], 'the body must be a JSON object with evidence'),
);

/** What a verdict holds: valid, with what was signed and checked; or not, and why. */
const VerdictSchema = v.pipe(
  v.object({
    valid: v.boolean(),
    kind: v.optional(v.pipe(v.picklist(['receipt', 'forge-receipt', 'capsule']), v.description('When valid: the kind of token'))),
    game: v.optional(v.pipe(v.string(), v.description('When valid: the game it is evidence of'))),
    form: v.optional(v.pipe(v.string(), v.description('When valid: what the evidence is (a bare token, a Packet Run run, a league attempt, a Triad Duel reveal answer, …)'))),
    checked: v.optional(
      v.pipe(
        v.array(v.string()),
        v.description(
          'When valid: what was checked (signature, kind; checksum; for a duel its commitment and replay; for a capsule its audit; fields, when every field of an answer was held to what is signed)',
        ),
      ),
    ),
    unsigned: v.optional(
      v.pipe(v.array(v.string()), v.description('When valid: the fields the answer shows that no token can vouch for (JSON paths such as `receipt.jwks`), left unchecked')),
    ),
    signedAt: v.optional(v.pipe(v.string(), v.description('When valid: when the arena signed it (ISO 8601 UTC)'))),
    reason: v.optional(
      v.pipe(v.string(), v.description('When not valid: why, naming the field that differs by its JSON path (`totals.responder: the file says 99; the receipt signs 3`)')),
    ),
  }),
  v.title('EvidenceVerdict'),
);

/**
 * `POST /api/receipts/verify`: any evidence the arena signs, checked with its own keys. What an
 * offline verifier does with the JWKS (`agent-arena verify`), for a client that has no verifier.
 */
export const receiptRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/receipts/verify',
    operationId: 'verifyReceipt',
    tool: { name: 'arena.verify_receipt', title: 'Verify a receipt or capsule' },
    summary: 'Verify any receipt or capsule the arena signed, with every field of the answer holding it: a verdict, valid or not and why',
    body: VerifyReceiptBodySchema,
    responds: { body: VerdictSchema },
    handle: ({ body }, arena) => verifyEvidence(arena.tokens, body.evidence),
  }),
];
