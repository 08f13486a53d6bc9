/**
 * An export's body: one page of lines at a time, read from the store only as the client reads
 * the answer, so an export of any size holds one page in memory.
 */
import type { ExportTurns } from './turns.ts';

/** One page of a keyset listing: its items, and the cursor after them (null after the last). */
type Listing<T> = (after: string | undefined) => Promise<{ items: T[]; next: string | null }>;

/** Every item of a keyset listing, a page at a time: the next page is asked for only once this one is read. */
export async function* everyPage<T>(list: Listing<T>): AsyncGenerator<T[]> {
  let after: string | undefined;
  do {
    const { items, next } = await list(after);
    if (items.length > 0) yield items;
    after = next ?? undefined;
  } while (after !== undefined);
}

export interface PagedLinesOptions {
  /** The instance's turns at reading (none where requests share no work, as on Workers). */
  turns: ExportTurns | undefined;
  /** Aborts when the export ends early: its client went, or the instance is stopping. */
  signal: AbortSignal;
  /** What ends each line: NDJSON's `\n` unless given. */
  ending?: string;
}

/** Every item of `list` as text, one line each, a page of lines at a time: each page read and made in one turn. */
export async function* pagedLines<T>(list: Listing<T>, line: (item: T) => string | Promise<string>, { turns, signal, ending = '\n' }: PagedLinesOptions): AsyncGenerator<string> {
  let after: string | undefined;
  const page = async () => {
    const { items, next } = await list(after);
    if (items.length === 0) return { text: '', next };
    const lines: string[] = [];
    for (const item of items) {
      const made = line(item);
      // Most lines are made at once: awaiting each would cost a turn of the microtask queue a line.
      lines.push(typeof made === 'string' ? made : await made);
    }
    return { text: `${lines.join(ending)}${ending}`, next };
  };
  do {
    const { text, next } = turns ? await turns.take(signal, page) : await page();
    if (text !== '') yield text;
    after = next ?? undefined;
  } while (after !== undefined);
}
