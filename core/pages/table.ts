import { escapeHtml } from './html.ts';

/** A table of text cells, every cell escaped; `empty` is said instead when there are no rows. */
export function htmlTable(headings: readonly string[], rows: readonly (readonly (string | number | null)[])[], empty: string): string {
  if (rows.length === 0) return `<p class="muted">${escapeHtml(empty)}</p>`;
  const cells = (row: readonly (string | number | null)[], tag: 'td' | 'th') => row.map((cell) => `<${tag}>${escapeHtml(String(cell ?? '—'))}</${tag}>`).join('');
  return `<table><tr>${cells(headings, 'th')}</tr>${rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('')}</table>`;
}

/** A link to a JSON record, its address shown as the label. */
export const jsonLink = (path: string) => `<a href="${escapeHtml(path)}"><code>${escapeHtml(path)}</code></a>`;
