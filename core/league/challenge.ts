import type { ArenaContext } from '../context.ts';
import { TokenError } from '../crypto/tokens.ts';
import type { Board } from '../games/packet-run/board.ts';
import type { RunSetting } from '../games/packet-run/result.ts';
import { HttpError } from '../http/problem.ts';
import { memorySlot } from '../instance-memory.ts';
import { nextUtcMidnight, utcDate } from '../time/utc-day.ts';
import { challengeIdFor, dailyBoard } from '../games/packet-run/daily-board.ts';
import { leagueRunSetting } from './replayed-result.ts';

/** Today's league challenge: the board, its ids and times, and the token that carries it. */
export interface LeagueChallenge {
  challengeId: string;
  challengeDate: string;
  closesAt: string;
  board: Board;
  challengeToken: string;
}

// Boards and tokens are pure functions of (secret, date); each instance derives them once a day.
const challenges = memorySlot('league challenge by date', () => new Map<string, Promise<LeagueChallenge>>());

export function todaysChallenge(arena: ArenaContext): Promise<LeagueChallenge> {
  const now = arena.now();
  const date = utcDate(now);
  const byDate = arena.memory.get(challenges);
  let challenge = byDate.get(date);
  if (!challenge) {
    byDate.clear();
    challenge = issueChallenge(arena, date, nextUtcMidnight(now));
    byDate.set(date, challenge);
  }
  return challenge;
}

async function issueChallenge(arena: ArenaContext, date: string, closesAtMs: number): Promise<LeagueChallenge> {
  const challengeId = challengeIdFor(date);
  const board = dailyBoard(arena.secret, date);
  const challengeToken = await arena.tokens.sign('league', { challengeId, date, board }, { expiresAt: closesAtMs });
  return { challengeId, challengeDate: date, closesAt: new Date(closesAtMs).toISOString(), board, challengeToken };
}

/**
 * The board a league token names, which must be today's: a token of day D is refused on day
 * D + 1 with a 400 that says the board closed and where today's token is.
 */
export async function leagueSetting(arena: ArenaContext, token: string): Promise<RunSetting & { date: string }> {
  const today = await todaysChallenge(arena);
  // The very token this instance signed for today (as agents send it back) needs no second
  // verification: its signature, kind and day are as issued, and it holds until the next midnight.
  if (token === today.challengeToken) return todaysSetting(today);
  let claims;
  try {
    claims = await arena.tokens.verify('league', token);
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    const detail =
      error.reason === 'expired' ? `${error.message}: that day's board is closed; today's board is ${today.challengeId}, its challengeToken is at GET /api/league` : error.message;
    throw new HttpError('invalid-token', `challengeToken: ${detail}`, { errors: [{ path: 'challengeToken', message: detail }] });
  }
  if (claims.challengeId !== today.challengeId) {
    const detail = `this token is for ${String(claims.challengeId)}; today's board is ${today.challengeId}, its challengeToken is at GET /api/league`;
    throw new HttpError('invalid-token', `challengeToken: ${detail}`, { errors: [{ path: 'challengeToken', message: detail }] });
  }
  return todaysSetting(today);
}

/** Today's board as the setting of a run on it. */
function todaysSetting(today: LeagueChallenge): RunSetting & { date: string } {
  return { ...leagueRunSetting(today.challengeId, today.board), date: today.challengeDate };
}
