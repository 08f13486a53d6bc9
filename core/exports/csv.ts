/**
 * RFC 4180 CSV. A cell is quoted when it holds a comma, a quote or a line break. A text cell an
 * agent wrote that a spreadsheet would read as a formula is written with a leading `'`, the
 * usual guard against formula injection: one that starts with a tab or a carriage return, or
 * whose first visible character is `=`, `+`, `-` or `@`, full-width (`＝＋－＠`) or small
 * (`﹦﹢﹣﹫`), after any blanks or invisible characters (every Unicode space, NBSP included,
 * control and format characters), which spreadsheets may skip.
 */
export function csvRow(cells: readonly (string | number | boolean | null)[]): string {
  return cells.map(csvCell).join(',');
}

/** CSV's line end (RFC 4180). */
export const CSV_LINE_END = '\r\n';

const FORMULA = /^(?:[\t\r]|[\p{White_Space}\p{Z}\p{Cc}\p{Cf}]*[=+\-@＝＋－＠﹦﹢﹣﹫])/u;

function csvCell(cell: string | number | boolean | null): string {
  if (cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  const guarded = FORMULA.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}
