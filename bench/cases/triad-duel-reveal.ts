import { webCryptoSupportsEd25519 } from '../../core/crypto/ed25519.ts';
import { dailyCircuit } from '../../core/games/triad-duel/circuit.ts';
import { commitmentOf } from '../../core/games/triad-duel/commitment.ts';
import { invite, respond, reveal } from '../../core/games/triad-duel/flow.ts';
import { EACH_MOVE, MOVES, type Move } from '../../core/games/triad-duel/moves.ts';
import { scoreDuel } from '../../core/games/triad-duel/rules.ts';
import { utcDate } from '../../core/time/utc-day.ts';
import { BENCH_ORIGIN, benchArenaContext } from '../arena-context.ts';
import { compared, rateRow, type BenchCase } from '../case.ts';
import { awaitedCalls, measureRates, syncCalls } from '../measure.ts';
import { seededRandom } from '../../test/support/fixtures/seeded-random.ts';

/** Duels in the pool: as many as Packet Run's tapes, so no single duel is all the JIT sees. */
const POOL_SIZE = 1_024;

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-';
const NONCE_LENGTH = 24;

/** One duel as the challenger holds it before the reveal. */
interface Duel {
  challenger: Move[];
  responder: Move[];
  nonce: string;
  commitment: string;
}

/** What a reveal costs beyond the rules: the tokens around them. */
export const triadDuelRevealCase: BenchCase = {
  name: 'triad-duel-reveal',
  about: `
Triad Duel reveals per second, in process, one call at a time, over a fixed pool of ${POOL_SIZE.toLocaleString('en-US')}
seeded pseudo-random duels (both sequences 12 moves, four each of R, P and S, shuffled; a
${NONCE_LENGTH}-character nonce) on today's circuit from \`dailyCircuit(secret, date)\`. The baseline is the pure
evaluation: \`commitmentOf(circuitId, moves, nonce)\` compared with the committed hex, then
\`scoreDuel(field, challengerMoves, responderMoves)\`, with the circuit derived once. It is compared
with the full signed \`reveal(arena, origin, {responseToken, moves, nonce})\` of
\`core/games/triad-duel/flow.ts\`: verifying the response token and parsing its claims, the same
commitment check, deriving the circuit again (HMAC-SHA256 of the server secret), scoring, and a
receipt carrying the whole result (RFC 8785 checksum and a signed token), with the default \`auto\`
Ed25519 engine. The response tokens are made beforehand with \`invite\` and \`respond\`, one per duel,
so the ratio is the cost of tokens and evidence over the rules. The two are sampled in turn.`,
  async run() {
    const context = await benchArenaContext();
    const circuit = dailyCircuit(context.secret, utcDate(context.now()));
    const duels = duelPool(circuit.id);
    const duelAt = (i: number) => duels[i % duels.length]!;
    const responseTokens = await Promise.all(
      duels.map(async (duel) => {
        const invited = await invite(context, { commitment: duel.commitment, circuit: circuit.id, challenger: { name: 'bench' } });
        const responded = await respond(context, { inviteToken: invited.inviteToken, moves: duel.responder, responder: 'bench' });
        return responded.responseToken;
      }),
    );

    const evaluate = (i: number) => {
      const duel = duelAt(i);
      if (commitmentOf(circuit.id, duel.challenger, duel.nonce) !== duel.commitment) throw new Error('the commitment does not match');
      return scoreDuel(circuit.field, duel.challenger, duel.responder);
    };
    const signedReveal = (i: number) => {
      const duel = duelAt(i);
      return reveal(context, BENCH_ORIGIN, { responseToken: responseTokens[i % duels.length]!, moves: duel.challenger, nonce: duel.nonce });
    };
    // A guard on the comparison itself: both must reach the same verdict on the same duel.
    const [first, revealed] = [evaluate(0), await signedReveal(0)];
    if (first.outcome !== revealed.outcome || first.totals.challenger !== revealed.totals.challenger) {
      throw new Error('reveal and scoreDuel disagree on the same duel');
    }

    const rates = await measureRates({
      evaluate: syncCalls(evaluate),
      reveal: awaitedCalls(signedReveal),
    });
    const engine = (await webCryptoSupportsEd25519()) ? 'webcrypto' : 'noble';
    const tokenBytes = new TextEncoder().encode(responseTokens[0]!).length;
    const receiptBytes = new TextEncoder().encode(revealed.receipt.token).length;
    const pure = rateRow('commitment check + scoreDuel', 'reveals/s', rates.evaluate);
    const signed = rateRow(
      'reveal (token, circuit, receipt)',
      'reveals/s',
      rates.reveal,
      `Ed25519 engine: ${engine}; ${tokenBytes}-byte response token in, ${receiptBytes}-byte receipt token out`,
    );
    return [pure, compared(signed, pure)];
  },
};

/** Seeded duels with their commitments: the same on every run but for the circuit id. */
function duelPool(circuitId: string): Duel[] {
  const random = seededRandom(0x7a1ad);
  const pick = (count: number) => Math.floor(random() * count);
  const sequence = (): Move[] => {
    const moves = MOVES.flatMap((move) => Array<Move>(EACH_MOVE).fill(move));
    for (let i = moves.length - 1; i > 0; i--) {
      const j = pick(i + 1);
      [moves[i], moves[j]] = [moves[j]!, moves[i]!];
    }
    return moves;
  };
  return Array.from({ length: POOL_SIZE }, () => {
    const challenger = sequence();
    const nonce = Array.from({ length: NONCE_LENGTH }, () => NONCE_ALPHABET[pick(NONCE_ALPHABET.length)]).join('');
    return { challenger, responder: sequence(), nonce, commitment: commitmentOf(circuitId, challenger, nonce) };
  });
}
