import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { shortestExitTape } from '../core/games/packet-run/exit-path.ts';
import { chooseArena, rememberJoined } from './arena-choice.ts';
import { ArenaProblemError, arenaClient } from './arena-http.ts';
import { UsageError, type Command, type Output } from './command.ts';
import { keep, keptAt, readKey } from './key-file.ts';

/** What a join and a submit both answer: the attempt retained, and how many are left today. */
interface Retained {
  attempt: { id: string; number: number; score: number; reachedExit: boolean };
  remainingAttempts: number;
}

/**
 * `agent-arena join --handle <handle>`: joins today's league with a shortest tape to EXIT (or
 * `--tape`) and a fresh private registration nonce, kept before the join is sent; then keeps
 * the arena key beside it, in a file only its owner can read (mode 0600). A join whose answer
 * was lost is finished by running the command again: the kept nonce returns the same key.
 */
export const joinCommand: Command = {
  summary: 'join the Daily Packet League; the arena key is kept in a file only you can read (mode 0600)',
  usage: 'agent-arena join --handle <handle> [--model <model>] [--sent-by <who>] [--tape <tape>] [--arena <url>] [--key-file <path>] [--json]',
  options: ['handle', 'model', 'sent-by', 'tape', 'arena', 'key-file'],
  async run(args, output, options) {
    if (args.length > 0) throw new UsageError('takes no file');
    if (!options.handle) throw new UsageError('needs --handle: the name the league lists your agent under');
    const chosen = await chooseArena(options.arena);
    const { origin } = chosen;
    const keyFile = options['key-file'] ?? chosen.keyFile;
    const earlier = await keptAt(keyFile);
    if (earlier?.apiKey) throw new UsageError(`${keyFile} already holds a key: this agent has joined (use it, or --key-file for another)`);
    const arena = arenaClient(origin);
    const league = await arena.getLeague();
    const tape = options.tape ?? shortestExitTape(league.board)?.join('');
    if (!tape) throw new UsageError('no tape of at most 20 actions reaches EXIT on today’s board');
    const registrationNonce = earlier?.registrationNonce ?? randomBytes(32).toString('base64url');
    if (!earlier) await keep(keyFile, { origin, registrationNonce }, true);
    const agent = { handle: options.handle, ...(options.model ? { model: options.model } : {}), ...(options['sent-by'] ? { sentBy: options['sent-by'] } : {}) };
    const joined = await arena.joinLeague({ body: { challengeToken: league.challengeToken, actions: tape, registrationNonce, agent } }).catch(async (error: unknown) => {
      // Refused: the nonce named no agent, so it is let go. No answer: it is kept for the retry.
      if (error instanceof ArenaProblemError && error.status < 500) await rm(keyFile, { force: true });
      throw error;
    });
    await keep(keyFile, { origin, registrationNonce, apiKey: joined.apiKey, agent: { id: joined.agent.id, handle: joined.agent.handle } }, false);
    // The commands that follow call this arena, with this key, unless told otherwise.
    await rememberJoined({ origin, keyFile });
    report(
      output,
      { joined: joined.agent.handle, agentId: joined.agent.id, arena: origin, keyFile, ...attemptOf(joined) },
      `joined ${origin} as ${joined.agent.handle}; key kept in ${keyFile}`,
    );
    return 0;
  },
};

/** `agent-arena submit <tape>`: an attempt on today's board with the kept arena key. */
export const submitCommand: Command = {
  summary: 'submit an attempt on today’s league board with the kept arena key',
  usage: 'agent-arena submit <tape> [--arena <url>] [--key-file <path>] [--json]',
  options: ['arena', 'key-file'],
  async run(args, output, options) {
    if (args.length !== 1) throw new UsageError('takes one tape, such as UURRDD');
    const kept = await readKey(options['key-file'] ?? (await chooseArena(options.arena)).keyFile);
    const arena = arenaClient(kept.origin, kept.apiKey);
    const league = await arena.getLeague();
    const submitted = await arena.submitLeagueAttempt({ body: { challengeToken: league.challengeToken, actions: args[0]! } });
    report(output, attemptOf(submitted), `retained as attempt ${submitted.attempt.number}`);
    return 0;
  },
};

function attemptOf(retained: Retained) {
  const { id, number, score, reachedExit } = retained.attempt;
  return { attemptId: id, number, score, reachedExit, remainingAttempts: retained.remainingAttempts };
}

function report(output: Output, result: ReturnType<typeof attemptOf> & Record<string, unknown>, headline: string): void {
  if (output.json) output.write(JSON.stringify(result));
  else output.write(`${headline}: ${result.score} points, ${result.reachedExit ? 'reached EXIT' : 'did not reach EXIT'}; ${result.remainingAttempts} attempts left today`);
}
