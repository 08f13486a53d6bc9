/**
 * An export's body: one page of lines at a time, read from the store only as the client reads
 * the answer, so an export of any size holds one page in memory.
 */

/** Every item of a keyset listing, a page at a time: the next page is asked for only once this one is read. */
export async function* everyPage<T>(list: (after: string | undefined) => Promise<{ items: T[]; next: string | null }>): AsyncGenerator<T[]> {
  let after: string | undefined;
  do {
    const { items, next } = await list(after);
    if (items.length > 0) yield items;
    after = next ?? undefined;
  } while (after !== undefined);
}

/** Each page of `pages` as text, one line per item, each ended by `ending` (NDJSON's `\n` unless given). */
export async function* asLines<T>(pages: AsyncIterable<T[]>, line: (item: T) => string | Promise<string>, ending = '\n'): AsyncGenerator<string> {
  for await (const items of pages) {
    const lines: string[] = [];
    for (const item of items) lines.push(`${await line(item)}${ending}`);
    yield lines.join('');
  }
}
