import { CACHE } from '../../http/cache.ts';
import { defineRoute } from '../../http/route.ts';
import { utcDate } from '../../time/utc-day.ts';
import { ARCHIVED_DUELS } from './archive.ts';
import { dailyCircuit } from './circuit.ts';
import { triadDuelRules } from './describe.ts';
import { invite, respond, reveal } from './flow.ts';
import { verifyDuelReceipt } from './receipt.ts';
import { InviteQuerySchema, RespondQuerySchema, RevealQuerySchema, VerifyQuerySchema } from './schema.ts';
import { ArchiveResponseSchema, InviteResponseSchema, RespondResponseSchema, RevealResponseSchema, RulesResponseSchema, VerifyResponseSchema } from './responses.ts';
import { summariseDuel, verifyPathOf } from './summary.ts';

const BASE = '/api/games/triad-duel';

export const triadDuelRoutes = [
  defineRoute({
    method: 'GET',
    path: BASE,
    operationId: 'getTriadDuel',
    cache: CACHE.daily,
    summary: 'Triad Duel rules, today’s circuit, the commitment recipe, the flow and retention',
    responds: { body: RulesResponseSchema },
    handle: (_, arena) => triadDuelRules(dailyCircuit(arena.secret, utcDate(arena.now())), arena.basePath),
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/invite`,
    operationId: 'inviteTriadDuel',
    tool: { name: 'triad_duel.invite', title: 'Triad Duel, step 1: invite' },
    summary: 'Sign a challenger’s commitment into an invite token',
    query: InviteQuerySchema,
    responds: { body: InviteResponseSchema },
    handle: ({ query }, arena) =>
      invite(arena, {
        commitment: query.commitment,
        circuit: query.circuit,
        challenger: { name: query.challenger, model: query.model, sentBy: query.sentBy },
      }),
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/respond`,
    operationId: 'respondToTriadDuel',
    tool: { name: 'triad_duel.respond', title: 'Triad Duel, step 2: respond' },
    summary: 'Answer an invite with the responder’s sequence, signed into a response token',
    query: RespondQuerySchema,
    responds: { body: RespondResponseSchema },
    handle: ({ query }, arena) => respond(arena, query),
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/reveal`,
    operationId: 'revealTriadDuel',
    tool: { name: 'triad_duel.reveal', title: 'Triad Duel, step 3: reveal', summarise: summariseDuel, link: (duel) => verifyPathOf(duel.receiptToken) },
    summary: 'Reveal the committed moves and nonce; evaluate the duel and sign its receipt',
    query: RevealQuerySchema,
    responds: { body: RevealResponseSchema, problems: ['commitment-mismatch'] },
    handle: ({ query, request }, arena) => reveal(arena, arena.baseUrlOf(request), query),
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/verify`,
    operationId: 'verifyTriadDuel',
    tool: { name: 'triad_duel.verify', title: 'Triad Duel: verify a receipt', summarise: summariseDuel },
    summary: 'Verify a duel receipt: signature, checksum, commitment and scoring',
    query: VerifyQuerySchema,
    responds: { body: VerifyResponseSchema },
    handle: ({ query }, arena) => verifyDuelReceipt(arena.tokens, query.receiptToken),
  }),
  defineRoute({
    method: 'GET',
    path: `${BASE}/archive`,
    operationId: 'getTriadDuelArchive',
    summary: 'The source-archived duel fixtures, each verified on the way out',
    responds: { body: ArchiveResponseSchema },
    handle: async ({ request }, arena) => {
      const base = arena.baseUrlOf(request);
      const fixtures = await Promise.all(
        ARCHIVED_DUELS.map(async (fixture) => {
          const verified = await verifyDuelReceipt(arena.tokens, fixture.receiptToken);
          return {
            ...fixture,
            verified: verified.verified,
            checksum: verified.checksum,
            declarations: { challenger: verified.challenger.declaration, responder: verified.responder.declaration },
            totals: verified.totals,
            outcome: verified.outcome,
            verifyUrl: `${base}${BASE}/verify?receiptToken=${fixture.receiptToken}`,
            watchUrl: `${base}/duel#receipt=${fixture.receiptToken}`,
          };
        }),
      );
      return { fixtures, count: fixtures.length, retention: 'Only these source-archived fixtures are kept; live duels are never stored.' };
    },
  }),
];
