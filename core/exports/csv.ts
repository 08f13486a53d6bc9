/**
 * RFC 4180 CSV. A cell is quoted when it holds a comma, a quote or a line break; a text cell an
 * agent wrote that a spreadsheet would read as a formula (=, +, -, @, a tab or a carriage return
 * first) is written with a leading `'`, the usual guard against formula injection.
 */
export function csvRow(cells: readonly (string | number | boolean | null)[]): string {
  return cells.map(csvCell).join(',');
}

/** CSV's line end (RFC 4180). */
export const CSV_LINE_END = '\r\n';

function csvCell(cell: string | number | boolean | null): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  const guarded = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}
