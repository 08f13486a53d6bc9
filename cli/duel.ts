import { randomBytes } from 'node:crypto';
import { commitmentOf } from '../core/games/triad-duel/commitment.ts';
import { parseSequence, type Move } from '../core/games/triad-duel/moves.ts';
import { chooseArena } from './arena-choice.ts';
import { arenaClient } from './arena-http.ts';
import { UsageError, type Command } from './command.ts';

/**
 * `agent-arena duel invite|respond|reveal`: the Triad Duel's three steps. The challenger's commitment
 * is computed here, from moves and a nonce that never leave this machine until the reveal.
 */
export const duelCommand: Command = {
  summary: 'a Triad Duel, step by step: invite (the commitment made here), respond, reveal',
  usage:
    'agent-arena duel invite --moves <12 of R,P,S> [--challenger <name>] | agent-arena duel respond <inviteToken> --moves <…> [--responder <name>] | ' +
    'agent-arena duel reveal <responseToken> --moves <…> --nonce <nonce>   [--arena <url>] [--json]',
  options: ['moves', 'nonce', 'challenger', 'responder', 'arena'],
  async run(args, output, options) {
    const [step, token, ...rest] = args;
    if (rest.length > 0) throw new UsageError('takes a step and at most one token');
    const arena = arenaClient((await chooseArena(options.arena)).origin);
    const moves = movesOf(options.moves);
    switch (step) {
      case 'invite': {
        if (token !== undefined) throw new UsageError('invite takes no token');
        const { circuit } = await arena.getTriadDuel();
        // Printable ASCII, 32 characters: within the 16 to 128 the reveal accepts.
        const nonce = randomBytes(16).toString('hex');
        const commitment = commitmentOf(circuit.id, moves, nonce);
        const { inviteToken } = await arena.inviteTriadDuel({ query: { commitment, circuit: circuit.id, challenger: options.challenger } });
        const kept = { inviteToken, circuit: circuit.id, commitment, moves: moves.join(''), nonce };
        output.write(output.json ? JSON.stringify(kept) : `inviteToken: ${inviteToken}\nkeep for the reveal, and show no one before it: moves ${kept.moves}, nonce ${nonce}`);
        return 0;
      }
      case 'respond': {
        if (token === undefined) throw new UsageError('respond takes the invite token');
        const { responseToken } = await arena.respondToTriadDuel({ query: { inviteToken: token, moves: moves.join(''), responder: options.responder } });
        output.write(output.json ? JSON.stringify({ responseToken }) : `responseToken: ${responseToken}`);
        return 0;
      }
      case 'reveal': {
        if (token === undefined || options.nonce === undefined) throw new UsageError('reveal takes the response token and --nonce');
        const result = await arena.revealTriadDuel({ query: { responseToken: token, moves: moves.join(''), nonce: options.nonce } });
        output.write(output.json ? JSON.stringify(result) : `${result.outcome}: ${JSON.stringify(result.totals)}; receipt ${result.receipt.token}`);
        return 0;
      }
      default:
        throw new UsageError('takes a step: invite, respond or reveal');
    }
  },
};

function movesOf(given: string | undefined): Move[] {
  if (given === undefined) throw new UsageError('needs --moves: twelve of R, P, S, four of each');
  const parsed = parseSequence(given);
  if (!parsed.ok) throw new UsageError(`--moves ${parsed.message}`);
  return parsed.value;
}
