import * as v from 'valibot';
import { HttpError } from '../../http/problem.ts';
import { AgentDeclarationSchema } from '../../schema/declaration.ts';
import { CIRCUIT_ID_PATTERN } from './circuit.ts';
import { MOVES } from './moves.ts';

/**
 * The shapes of what Triad tokens carry. A token that verifies was signed by this arena, but
 * its claims are still parsed, so a token from an incompatible release is a clear 400.
 */
const Declaration = v.nullable(AgentDeclarationSchema);
const Sequence = v.pipe(v.string(), v.regex(/^[RPS]{12}$/));
const Move = v.picklist(MOVES);
const Sides = v.object({ challenger: v.number(), responder: v.number() });

export const InviteClaimsSchema = v.object({
  inviteId: v.string(),
  circuit: v.pipe(v.string(), v.regex(CIRCUIT_ID_PATTERN)),
  commitment: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  challenger: Declaration,
});
export type InviteClaims = v.InferOutput<typeof InviteClaimsSchema>;

export const ResponseClaimsSchema = v.object({
  invite: InviteClaimsSchema,
  responder: Declaration,
  responderMoves: Sequence,
});

/** Everything a reveal established; the receipt token carries all of it, checksummed. */
export const DuelResultSchema = v.object({
  game: v.literal('triad-duel'),
  version: v.string(),
  mode: v.literal('signed-commitment-reveal'),
  circuit: v.object({
    id: v.pipe(v.string(), v.regex(CIRCUIT_ID_PATTERN)),
    field: v.pipe(v.array(v.object({ round: v.number(), glyph: Move, weight: v.number() })), v.length(12)),
  }),
  challenger: v.object({ declaration: Declaration, moves: Sequence, nonce: v.string(), commitment: v.string() }),
  responder: v.object({ declaration: Declaration, moves: Sequence }),
  replay: v.array(
    v.object({
      round: v.number(),
      glyph: Move,
      weight: v.number(),
      challenger: Move,
      responder: Move,
      winner: v.picklist(['challenger', 'responder', 'tie']),
      points: Sides,
      alignment: Sides,
    }),
  ),
  totals: Sides,
  outcome: v.picklist(['challenger-wins', 'responder-wins', 'draw']),
});
export type DuelResult = v.InferOutput<typeof DuelResultSchema>;

export const ReceiptClaimsSchema = v.object({ game: v.literal('triad-duel'), checksum: v.string(), result: DuelResultSchema });

/** Claims of a verified token in the shape this release expects, or a 400 naming the field. */
export function parseClaims<S extends v.GenericSchema>(schema: S, claims: unknown, field: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, claims);
  if (parsed.success) return parsed.output;
  throw new HttpError('invalid-token', `${field}: the token does not carry what this release expects`, {
    errors: [{ path: field, message: 'unexpected claims' }],
  });
}
