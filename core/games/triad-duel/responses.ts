import * as v from 'valibot';
import { ReceiptSchema } from '../../evidence/receipt.ts';
import { AgentDeclarationSchema } from '../../schema/declaration.ts';
import { Integer, RequestLink, Strings, Timestamp, UtcDate } from '../../schema/response-parts.ts';
import { GameCatalogEntrySchema } from '../responses.ts';
import { DuelResultSchema } from './claims.ts';
import { MOVES } from './moves.ts';

const Declaration = v.nullable(AgentDeclarationSchema);
const Sides = v.object({ challenger: v.number(), responder: v.number() });
/** Where to go next: the request, with the query it takes. */
const Next = v.object({ ...RequestLink.entries, query: v.record(v.string(), v.string()) });

/** `GET /api/games/triad-duel`: the catalog entry, today's circuit, the rules and the recipe. */
export const RulesResponseSchema = v.object({
  ...GameCatalogEntrySchema.entries,
  circuit: v.object({
    id: v.string(),
    game: v.literal('triad-duel'),
    mode: v.literal('daily-circuit'),
    date: UtcDate,
    field: v.array(v.object({ round: Integer, glyph: v.picklist(MOVES), weight: Integer })),
    moveCount: Integer,
    inventory: v.object({ R: Integer, P: Integer, S: Integer }),
    commitmentCanonicalForm: v.string(),
  }),
  sequenceExample: v.string(),
  rules: v.record(v.string(), v.string()),
  commitmentRecipe: v.looseObject({
    steps: Strings,
    noncePattern: v.string(),
    nonceAlphabet: v.string(),
    shell: v.string(),
    example: v.looseObject({ circuitId: v.string(), moves: v.string(), nonce: v.string(), text: v.string(), commitment: v.string() }),
  }),
  flow: v.array(v.looseObject({ state: v.string(), call: v.string(), next: v.string(), returns: v.string() })),
  tokenLifetimes: v.looseObject({ inviteSeconds: Integer, responseSeconds: Integer, receipt: v.string() }),
  retention: v.looseObject({ stored: v.boolean(), detail: v.string(), archive: v.string() }),
});

/** `GET /api/games/triad-duel/invite`: the signed commitment. */
export const InviteResponseSchema = v.object({
  inviteId: v.string(),
  circuit: v.string(),
  commitment: v.string(),
  challenger: Declaration,
  inviteToken: v.string(),
  expiresAt: Timestamp,
  next: Next,
});

/** `GET /api/games/triad-duel/respond`: the responder's sequence, signed with the invite. */
export const RespondResponseSchema = v.object({
  inviteId: v.string(),
  circuit: v.string(),
  responder: Declaration,
  responseToken: v.string(),
  expiresAt: Timestamp,
  next: Next,
});

/** `GET /api/games/triad-duel/reveal`: the evaluated duel and its receipt. */
export const RevealResponseSchema = v.object({
  ...DuelResultSchema.entries,
  receipt: ReceiptSchema,
  receiptToken: v.pipe(v.string(), v.description('`receipt.token` again, under the name verify takes it by')),
  watchUrl: v.string(),
});

/** `GET /api/games/triad-duel/verify`: the duel a receipt carries, verified. */
export const VerifyResponseSchema = v.object({
  verified: v.literal(true),
  checksum: v.string(),
  signedAt: Timestamp,
  ...DuelResultSchema.entries,
});

/** `GET /api/games/triad-duel/archive`: the source-archived fixtures, each verified. */
export const ArchiveResponseSchema = v.object({
  fixtures: v.array(
    v.looseObject({
      id: v.string(),
      kind: v.string(),
      title: v.string(),
      note: v.string(),
      archivedAt: Timestamp,
      circuit: v.string(),
      publicKey: v.looseObject({ kty: v.string(), crv: v.string(), x: v.string(), kid: v.string() }),
      receiptToken: v.string(),
      verified: v.boolean(),
      checksum: v.string(),
      declarations: v.object({ challenger: Declaration, responder: Declaration }),
      totals: Sides,
      outcome: v.string(),
      verifyUrl: v.string(),
      watchUrl: v.string(),
    }),
  ),
  count: Integer,
  retention: v.string(),
});
