import { escapeHtml } from './html.ts';

/** A cell of a table: text, or a link to the page of a record. */
export type Cell = string | number | null | { href: string; text: string };

/** A table of cells, every text escaped; `empty` is said instead when there are no rows. */
export function htmlTable(headings: readonly string[], rows: readonly (readonly Cell[])[], empty: string): string {
  if (rows.length === 0) return `<p class="muted">${escapeHtml(empty)}</p>`;
  const cells = (row: readonly Cell[], tag: 'td' | 'th') => row.map((cell) => `<${tag}>${cellHtml(cell)}</${tag}>`).join('');
  return `<table><tr>${cells(headings, 'th')}</tr>${rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('')}</table>`;
}

function cellHtml(cell: Cell): string {
  if (cell !== null && typeof cell === 'object') return pageLink(cell.href, cell.text);
  return escapeHtml(String(cell ?? '—'));
}

/** A link to a page of the arena, its label escaped. */
export const pageLink = (path: string, label: string) => `<a href="${escapeHtml(path)}">${escapeHtml(label)}</a>`;

/** A link to a JSON record, its address shown as the label. */
export const jsonLink = (path: string) => `<a href="${escapeHtml(path)}"><code>${escapeHtml(path)}</code></a>`;
