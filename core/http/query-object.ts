/** Query parameters by name; a repeated name becomes an array, which string schemas refuse. */
export type QueryObject = Record<string, string | string[]>;

/**
 * The query of `url` as an object, read exactly as `URLSearchParams` reads it (`&` separates,
 * the first `=` splits, `+` is a space, then percent-decoding), without building one: iterating
 * a URLSearchParams costs some 3 µs per request on Node and Deno, about 1% of a signed play.
 * A part that does not percent-decode as UTF-8 (which `requestTarget` has already refused on
 * every routed request) is left to URLSearchParams, so the answer is always the standard one.
 */
export function queryObject(url: URL): QueryObject {
  const search = url.search;
  const query: QueryObject = Object.create(null);
  if (search.length <= 1) return query;
  for (const part of search.slice(1).split('&')) {
    if (part === '') continue;
    const split = part.indexOf('=');
    const name = decodedComponent(split === -1 ? part : part.slice(0, split));
    const value = split === -1 ? '' : decodedComponent(part.slice(split + 1));
    if (name === undefined || value === undefined) return standardQueryObject(url.searchParams);
    add(query, name, value);
  }
  return query;
}

/** The reference reading, through URLSearchParams; `queryObject` answers the same. */
export function standardQueryObject(params: URLSearchParams): QueryObject {
  const query: QueryObject = Object.create(null);
  for (const [name, value] of params) add(query, name, value);
  return query;
}

/** Adds a value under `name`; a name's array grows in place, as a copy per repeat would cost the square of a long query. */
function add(query: QueryObject, name: string, value: string): void {
  const existing = query[name];
  if (existing === undefined) query[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else query[name] = [existing, value];
}

/** A name or value as form decoding reads it, or undefined where it is not valid percent-encoded UTF-8. */
function decodedComponent(part: string): string | undefined {
  const spaced = part.includes('+') ? part.replaceAll('+', ' ') : part;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return undefined;
  }
}
