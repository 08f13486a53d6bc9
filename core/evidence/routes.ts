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
      v.union(
        [TokenSchema, AnswerObject],
        'must be a token or the JSON object of an answer holding one',
      ),
      v.description(
        'A receipt token, a capsule, or a whole answer holding one (a Packet Run result with its `receipt`, a Triad Duel reveal, a State Forge play or compile answer): the result it holds is checked against the signed checksum too',
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
    checked: v.optional(v.pipe(v.array(v.string()), v.description('When valid: what was checked (signature, kind, checksum, and for a duel its commitment and replay)'))),
    signedAt: v.optional(v.pipe(v.string(), v.description('When valid: when the arena signed it (ISO 8601 UTC)'))),
    reason: v.optional(v.pipe(v.string(), v.description('When not valid: why'))),
  }),
  v.title('EvidenceVerdict'),
);

/**
 * `POST /api/receipts/verify`: any evidence the arena signs, checked with its own keys. What an
 * offline verifier does with the JWKS (`arena verify`), for a client that has no verifier.
 */
export const receiptRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/receipts/verify',
    operationId: 'verifyReceipt',
    tool: { name: 'arena.verify_receipt', title: 'Verify a receipt or capsule' },
    summary: 'Verify any receipt or capsule the arena signed, with the result it holds: a verdict, valid or not and why',
    body: VerifyReceiptBodySchema,
    responds: { body: VerdictSchema },
    handle: ({ body }, arena) => verifyEvidence(arena.tokens, body.evidence),
  }),
];
