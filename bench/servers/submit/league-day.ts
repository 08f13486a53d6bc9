/**
 * The league work of a submit, by the core's pure functions: today's board derived from the
 * server secret, the league token checked as the arena checks it, and the run scored on that
 * board with its RFC 8785 checksum and one Ed25519 receipt, ready to be retained.
 */
import { checksumOfText } from '../../../core/crypto/canonical-json.ts';
import { randomId } from '../../../core/crypto/random.ts';
import { TokenError, type Tokens } from '../../../core/crypto/tokens.ts';
import type { Direction } from '../../../core/games/packet-run/actions.ts';
import type { Board } from '../../../core/games/packet-run/board.ts';
import { canonicalResultText } from '../../../core/games/packet-run/canonical-result.ts';
import { challengeIdFor, dailyBoard } from '../../../core/games/packet-run/daily-board.ts';
import { receiptSummary, scoreRun, type RunSetting } from '../../../core/games/packet-run/result.ts';
import { issueReceipt, receiptJwksLink } from '../../../core/evidence/receipt.ts';
import { declarationOrNull } from '../../../core/schema/declaration.ts';
import { utcDate } from '../../../core/time/utc-day.ts';
import { type Answer, problem } from './answers.ts';
import type { AttemptRow, LedgerAgent } from './ledger.ts';

export interface LeagueDayOptions {
  tokens: Tokens;
  secret: Uint8Array;
  now: () => number;
  randomBytes: (length: number) => Uint8Array;
  /** What links in records start with: `''` unless the arena has a public origin or a base path. */
  publicBase: string;
}

interface Day {
  date: string;
  challengeId: string;
  board: Board;
  /**
   * The last token found good for this day. The arena verifies only a token other than the one
   * it issued for today; here, only a token other than the one verified last: the same cost,
   * since agents send back the token they were given.
   */
  verifiedToken?: string;
}

export interface LeagueDay {
  /** Today's setting of a run, if `token` is a league token of today's board; else the 400. */
  settingOf(token: string): Promise<(RunSetting & { date: string }) | Answer>;
  /** The run scored as `agent`, with its receipt, as the attempt to retain. */
  scoredAttempt(agent: LedgerAgent, setting: RunSetting & { date: string }, actions: Direction[]): Promise<AttemptRow>;
}

export function leagueDay({ tokens, secret, now, randomBytes, publicBase }: LeagueDayOptions): LeagueDay {
  let day: Day | undefined;
  const today = (): Day => {
    const date = utcDate(now());
    if (day?.date !== date) day = { date, challengeId: challengeIdFor(date), board: dailyBoard(secret, date) };
    return day;
  };
  const jwks = receiptJwksLink(publicBase);
  return {
    async settingOf(token) {
      const current = today();
      const setting = { mode: 'daily-shared-league-board' as const, challenge: current.challengeId, board: current.board, transform: 'identity' as const, date: current.date };
      if (token === current.verifiedToken) return setting;
      let claims;
      try {
        claims = await tokens.verify('league', token);
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
        const detail =
          error.reason === 'expired'
            ? `${error.message}: that day's board is closed; today's board is ${current.challengeId}, its challengeToken is at GET /api/league`
            : error.message;
        return problem('invalid-token', `challengeToken: ${detail}`, { path: 'challengeToken', message: detail });
      }
      if (claims.challengeId !== current.challengeId) {
        const detail = `this token is for ${String(claims.challengeId)}; today's board is ${current.challengeId}, its challengeToken is at GET /api/league`;
        return problem('invalid-token', `challengeToken: ${detail}`, { path: 'challengeToken', message: detail });
      }
      current.verifiedToken = token;
      return setting;
    },
    async scoredAttempt(agent, setting, actions) {
      const declared = declarationOrNull({ name: agent.displayName, model: agent.model ?? undefined, sentBy: agent.sentBy ?? undefined }) ?? undefined;
      const run = scoreRun(setting, actions, declared);
      const receipt = await issueReceipt(tokens, checksumOfText(canonicalResultText(run)), receiptSummary(run), jwks);
      return {
        id: `att_${randomId(randomBytes)}`,
        agentId: agent.id,
        kind: 'submit',
        challengeId: setting.challenge,
        date: setting.date,
        actions: actions.join(''),
        score: run.breakdown.total,
        reachedExit: run.reachedExit,
        benchmark: run.benchmark,
        checksum: receipt.checksum,
        receiptToken: receipt.token,
        resultJson: JSON.stringify({ ...run, receipt }),
        declarationJson: JSON.stringify({ handle: agent.handle, displayName: agent.displayName, model: agent.model, sentBy: agent.sentBy }),
        createdAt: new Date(now()).toISOString(),
      };
    },
  };
}
