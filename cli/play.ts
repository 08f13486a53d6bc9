import { shortestExitTape } from '../core/games/packet-run/exit-path.ts';
import { chooseArena } from './arena-choice.ts';
import { arenaClient } from './arena-http.ts';
import { UsageError, type Command } from './command.ts';

/**
 * `agent-arena play <tape>`: Packet Run on the classic board; `--trial`: a signed trial instead, on a
 * board under a random symmetry, so its tape is found there (a shortest one to EXIT) unless
 * given. `--json` prints the whole result, receipt included, to keep and verify.
 */
export const playCommand: Command = {
  summary: 'play Packet Run: the classic board, or a signed trial (--trial) whose result mints a registration capability',
  usage: 'agent-arena play <tape> [--agent <name>] | agent-arena play --trial [<tape>]   [--arena <url>] [--json]',
  options: ['agent', 'arena'],
  flags: ['trial'],
  async run(args, output, options) {
    if (args.length > 1) throw new UsageError('takes at most one tape');
    const arena = arenaClient((await chooseArena(options.arena)).origin);
    const agent = options.agent === undefined ? undefined : { name: options.agent };
    let run;
    if (options.trial !== undefined) {
      const trial = await arena.getPacketRunTrial();
      const tape = args[0] ?? shortestExitTape(trial.board)?.join('');
      if (!tape) throw new UsageError('no tape of at most 20 actions reaches EXIT on the trial’s board');
      run = await arena.submitPacketRunTrial({ body: { actions: tape, challengeToken: trial.challengeToken, ...(agent ? { agent } : {}) } });
    } else {
      if (args[0] === undefined) throw new UsageError('takes a tape, such as UURRDD (or --trial)');
      run = await arena.playPacketRun({ query: { actions: args[0], ...(options.agent ? { agent: options.agent } : {}) } });
    }
    if (output.json) output.write(JSON.stringify(run));
    else {
      const placed = run.benchmark ? `, benchmark ${run.benchmark}` : '';
      const capability = 'registrationCapability' in run && run.registrationCapability ? '; a registration capability was minted (private: --json shows it)' : '';
      output.write(`${run.mode}: ${run.breakdown.total} points, ${run.reachedExit ? 'reached EXIT' : 'did not reach EXIT'}${placed}; receipt ${run.receipt.checksum}${capability}`);
    }
    return 0;
  },
};
