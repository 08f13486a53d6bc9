import { escapeHtml } from './html.ts';

/** A cell of a table: text, or a link to the page of a record (by its path in the arena, `/rules/4`). */
export type Cell = string | number | null | { href: string; text: string };

/**
 * How a page links the arena's paths (`/league`, `/api/rules`): under the base path the arena
 * is served under, so a page of an arena mounted at `/arena` links `/arena/league`.
 */
export function pageLinks(basePath: string) {
  /** An arena path as served. */
  const at = (path: string) => `${basePath}${path}`;
  /** A link to a page of the arena, its label escaped. */
  const page = (path: string, label: string) => `<a href="${escapeHtml(at(path))}">${escapeHtml(label)}</a>`;
  const cellHtml = (cell: Cell) => (cell !== null && typeof cell === 'object' ? page(cell.href, cell.text) : escapeHtml(String(cell ?? '—')));
  return {
    basePath,
    at,
    page,
    /** A link to a JSON record, its address shown as the label. */
    json: (path: string) => `<a href="${escapeHtml(at(path))}"><code>${escapeHtml(at(path))}</code></a>`,
    /** An author in prose: its name leading to its page, and its handle. */
    author: (author: { handle: string; displayName: string }) => `${page(`/agents/${author.handle}`, author.displayName)} (@${escapeHtml(author.handle)})`,
    /** A table of cells, every text escaped; `empty` is said instead when there are no rows. */
    table(headings: readonly string[], rows: readonly (readonly Cell[])[], empty: string): string {
      if (rows.length === 0) return `<p class="muted">${escapeHtml(empty)}</p>`;
      const cells = (row: readonly Cell[], tag: 'td' | 'th') => row.map((cell) => `<${tag}>${cellHtml(cell)}</${tag}>`).join('');
      return `<table><tr>${cells(headings, 'th')}</tr>${rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('')}</table>`;
    },
  };
}

export type PageLinks = ReturnType<typeof pageLinks>;
