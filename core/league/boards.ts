/**
 * Each league day's board, kept in the store once, before the first attempt on it is retained:
 * attempts store no result, which is played again from that board (replayed-result.ts). The
 * board is derived from the server secret and the date, but a kept board outlives the secret:
 * an operator who changes it changes no past day.
 */
import type { ArenaContext } from '../context.ts';
import type { Board } from '../games/packet-run/board.ts';
import { dailyBoard } from '../games/packet-run/daily-board.ts';
import { memorySlot } from '../instance-memory.ts';

// The days this instance has kept its board for: today's, and yesterday's around midnight.
const keptByInstance = memorySlot('league boards kept', () => new Map<string, Promise<void>>());
// Kept boards never change, so any instance may remember them; a bounded number of days.
const readByInstance = memorySlot('league boards read', () => new Map<string, Board>());
const DAYS_REMEMBERED = 64;

/** Resolves once `board` is the board kept for `date`: kept now, or found kept already. */
export function dayBoardKept(arena: ArenaContext, date: string, board: Board): Promise<void> {
  const kept = arena.memory.get(keptByInstance);
  let keeping = kept.get(date);
  if (!keeping) {
    if (kept.size >= 2) kept.clear();
    const started = keep(arena, date, board);
    keeping = started;
    kept.set(date, started);
    // A failed write (the database away) is tried again by the next attempt.
    started.catch(() => kept.get(date) === started && kept.delete(date));
  }
  return keeping;
}

async function keep(arena: ArenaContext, date: string, board: Board): Promise<void> {
  const text = JSON.stringify(board);
  const kept = await arena.store.keepDayBoard(date, text);
  if (kept !== text) {
    throw new Error(`the board kept for ${date} is not the one this instance derives: instances sharing a database must share one ARENA_SECRET`);
  }
}

/** The board kept for `date`, or null for a day before boards were kept (its attempts store their results). */
export async function keptBoard(arena: ArenaContext, date: string): Promise<Board | null> {
  const read = arena.memory.get(readByInstance);
  const remembered = read.get(date);
  if (remembered) return remembered;
  const text = await arena.store.dayBoard(date);
  if (text === null) return null;
  const board = JSON.parse(text) as Board;
  if (read.size >= DAYS_REMEMBERED) read.clear();
  read.set(date, board);
  return board;
}

/** The board of `date` as the league played it: the one kept, else (a day with no attempt kept since boards were) derived from the secret. */
export async function boardOfDay(arena: ArenaContext, date: string): Promise<Board> {
  return (await keptBoard(arena, date)) ?? dailyBoard(arena.secret, date);
}
