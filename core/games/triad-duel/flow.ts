import type { ArenaContext } from '../../context.ts';
import { randomId } from '../../crypto/random.ts';
import { HttpError } from '../../http/problem.ts';
import { verifyTokenField } from '../../http/verify-token.ts';
import { declarationOrNull, type AgentDeclaration } from '../../schema/declaration.ts';
import { utcDate } from '../../time/utc-day.ts';
import { circuitId, dailyCircuit } from './circuit.ts';
import { InviteClaimsSchema, ResponseClaimsSchema, parseClaims, type DuelResult, type InviteClaims } from './claims.ts';
import { commitmentOf } from './commitment.ts';
import type { Move } from './moves.ts';
import { issueDuelReceipt } from './receipt.ts';
import { scoreDuel } from './rules.ts';

/** Invites and responses expire after 24 hours; a duel may cross midnight. */
export const HANDSHAKE_TTL_SECONDS = 24 * 60 * 60;
export const GAME_VERSION = '1.0.0';
const BASE = '/api/games/triad-duel';

/** Step 1: the challenger's commitment and declaration, signed. Nothing is stored. */
export async function invite(arena: ArenaContext, input: { commitment: string; circuit: string; challenger: AgentDeclaration }) {
  const today = circuitId(utcDate(arena.now()));
  if (input.circuit !== today) {
    const message = `must be today's circuit, ${today} (UTC)`;
    throw new HttpError('invalid-request', `circuit ${message}`, { errors: [{ path: 'circuit', message }] });
  }
  const claims: InviteClaims = {
    inviteId: randomId((n) => arena.randomBytes(n)),
    circuit: input.circuit,
    commitment: input.commitment,
    challenger: declarationOrNull(input.challenger),
  };
  const inviteToken = await arena.tokens.sign('invite', claims, { ttlSeconds: HANDSHAKE_TTL_SECONDS });
  return {
    ...claims,
    inviteToken,
    expiresAt: expiry(arena),
    next: { method: 'GET', url: `${BASE}/respond`, query: { inviteToken, moves: '<12 moves>', responder: '<optional name>' } },
  };
}

/** Step 2: the responder's sequence, signed together with the invite. Nothing is stored. */
export async function respond(arena: ArenaContext, input: { inviteToken: string; moves: Move[]; responder?: string | undefined }) {
  const claims = await verifyTokenField(arena.tokens, 'invite', input.inviteToken, 'inviteToken');
  const invite = parseClaims(InviteClaimsSchema, claims, 'inviteToken');
  const responder = declarationOrNull({ name: input.responder });
  const responseToken = await arena.tokens.sign('response', { invite, responder, responderMoves: input.moves.join('') }, { ttlSeconds: HANDSHAKE_TTL_SECONDS });
  return {
    inviteId: invite.inviteId,
    circuit: invite.circuit,
    responder,
    responseToken,
    expiresAt: expiry(arena),
    next: { method: 'GET', url: `${BASE}/reveal`, query: { responseToken, moves: '<the committed moves>', nonce: '<the committed nonce>' } },
  };
}

/** Step 3: the challenger reveals; 12 rounds are evaluated and a receipt is signed. */
export async function reveal(arena: ArenaContext, base: string, input: { responseToken: string; moves: Move[]; nonce: string }) {
  const claims = await verifyTokenField(arena.tokens, 'response', input.responseToken, 'responseToken');
  const { invite, responder, responderMoves } = parseClaims(ResponseClaimsSchema, claims, 'responseToken');
  if (commitmentOf(invite.circuit, input.moves, input.nonce) !== invite.commitment) {
    throw new HttpError('commitment-mismatch', 'these moves and this nonce do not produce the commitment of the invite', {
      errors: [{ path: 'nonce', message: 'moves and nonce do not match the commitment' }],
    });
  }
  const circuit = dailyCircuit(arena.secret, invite.circuit.slice('triad-circuit-'.length));
  const responderSequence = [...responderMoves] as Move[];
  const score = scoreDuel(circuit.field, input.moves, responderSequence);
  const result: DuelResult = {
    game: 'triad-duel',
    version: GAME_VERSION,
    mode: 'signed-commitment-reveal',
    circuit: { id: circuit.id, field: circuit.field },
    challenger: { declaration: invite.challenger, moves: input.moves.join(''), nonce: input.nonce, commitment: invite.commitment },
    responder: { declaration: responder, moves: responderMoves },
    replay: score.rounds,
    totals: score.totals,
    outcome: score.outcome,
  };
  const receipt = await issueDuelReceipt(arena.tokens, result, arena.publicBase);
  // `receiptToken` repeats `receipt.token` under the name verify takes it by (spec 2.6, 4.2).
  return { ...result, receipt, receiptToken: receipt.token, watchUrl: `${base}/duel#receipt=${receipt.token}` };
}

function expiry(arena: ArenaContext): string {
  return new Date((Math.floor(arena.now() / 1000) + HANDSHAKE_TTL_SECONDS) * 1000).toISOString();
}
