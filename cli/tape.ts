import type { Board } from '../core/games/packet-run/board.ts';
import { shortestExitTape } from '../core/games/packet-run/exit-path.ts';
import { UsageError, type Command } from './command.ts';
import { readInput } from './input.ts';

/**
 * `agent-arena tape [file]`: a shortest tape that reaches EXIT on a board, read from a file or stdin
 * as the arena answers it (`GET /api/league`, a trial) or as a bare board. Exit code 1 when no
 * tape of at most 20 actions reaches EXIT.
 */
export const tapeCommand: Command = {
  summary: 'a shortest tape that reaches EXIT on a board (the entry ticket; the score is yours to improve)',
  usage: 'agent-arena tape [file|-] [--json]   (the board as GET /api/league or a trial answers it, or a bare board; stdin by default)',
  async run(args, output) {
    if (args.length > 1) throw new UsageError('takes at most one file');
    const board = boardOf(await readInput(args[0] ?? '-'));
    const tape = shortestExitTape(board);
    if (output.json) output.write(JSON.stringify({ board: board.id ?? null, reachesExit: tape !== null, tape: tape?.join('') ?? null, actions: tape?.length ?? null }));
    else if (tape) output.write(tape.join(''));
    else console.error(`agent-arena tape: no tape of at most 20 actions reaches EXIT on ${board.id ?? 'this board'}`);
    return tape ? 0 : 1;
  },
};

/** The board in a league status, a trial answer, or the board itself (whose `id` may be missing). */
function boardOf(text: string): Board & { id?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError('the input is not JSON: give GET /api/league’s answer, a trial’s, or a board');
  }
  const candidate = (parsed as { board?: unknown })?.board ?? parsed;
  if (!isBoard(candidate)) throw new UsageError('the input holds no board (width, height, start, exit, walls, signals, hazards)');
  return candidate;
}

function isBoard(value: unknown): value is Board {
  const board = value as Partial<Board> | null;
  const isCell = (cell: unknown) => typeof cell === 'object' && cell !== null && Number.isInteger((cell as { x: unknown }).x) && Number.isInteger((cell as { y: unknown }).y);
  return (
    typeof board === 'object' &&
    board !== null &&
    Number.isInteger(board.width) &&
    Number.isInteger(board.height) &&
    board.width! > 0 &&
    board.height! > 0 &&
    board.width! * board.height! <= 4096 &&
    isCell(board.start) &&
    isCell(board.exit) &&
    [board.walls, board.signals, board.hazards].every((cells) => Array.isArray(cells) && cells.every(isCell))
  );
}
