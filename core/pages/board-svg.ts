import type { Board } from '../games/packet-run/board.ts';
import { escapeHtml } from './html.ts';

const CELL = 40;

interface Point {
  x: number;
  y: number;
}

/**
 * A Packet Run board as an SVG grid (walls, hazards, signals with their values, start and exit),
 * with `path` drawn over it and a marker at its start that the replay viewer moves. Drawn on the
 * server, so it needs no script.
 */
export function boardSvg(board: Board, path: readonly Point[] = []): string {
  const same = (a: Point) => (b: Point) => a.x === b.x && a.y === b.y;
  const cells: string[] = [];
  for (let y = 0; y < board.height; y++) {
    for (let x = 0; x < board.width; x++) {
      const at = same({ x, y });
      const kind = board.walls.some(at) ? 'wall' : board.hazards.some(at) ? 'hazard' : board.signals.some(at) ? 'signal' : 'floor';
      cells.push(`<rect class="cell-${kind}" x="${x * CELL}" y="${y * CELL}" width="${CELL}" height="${CELL}"/>`);
      const label = at(board.start) ? 'S' : at(board.exit) ? 'E' : (board.signals.find(at)?.value.toString() ?? '');
      if (label) cells.push(`<text x="${x * CELL + CELL / 2}" y="${y * CELL + CELL / 2}">${escapeHtml(label)}</text>`);
    }
  }
  const centre = (point: Point) => `${centreOf(point).cx},${centreOf(point).cy}`;
  const drawn = path.length > 1 ? `<polyline class="path" points="${path.map(centre).join(' ')}"/>` : '';
  // The marker the replay viewer moves: only where there is a path to follow.
  const first = path[0];
  const marker = first === undefined ? '' : markerAt(centreOf(first));
  const width = board.width * CELL;
  const height = board.height * CELL;
  return `<svg class="board" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="The board, ${board.width} by ${board.height}${path.length > 1 ? ', with the path taken' : ''}">${cells.join('')}${drawn}${marker}</svg>`;
}

function markerAt({ cx, cy }: { cx: number; cy: number }): string {
  return `<circle id="replay-marker" class="marker" cx="${cx}" cy="${cy}" data-cx="${cx}" data-cy="${cy}" r="${CELL / 4}"/>`;
}

/** Where a point is drawn: the centre of its cell, in the SVG's units (for the replay viewer). */
export const centreOf = (point: Point) => ({ cx: point.x * CELL + CELL / 2, cy: point.y * CELL + CELL / 2 });
