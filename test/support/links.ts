/**
 * The links an answer of the arena names, for the tests that follow them: absolute URLs,
 * Markdown links, `href`, `src` and `action` attributes, JSON values that are paths, and the
 * `Location` and `Link` headers.
 */

/**
 * The links to `origin` in a body, as absolute URLs, each resolved as a client resolves it (a
 * path against the origin). Not links: placeholders and route patterns (`<…>`, `{…}`, `:id`),
 * a JSON Schema's `$id` (a name, which no route serves), and OpenAPI's `paths`, which are named
 * relative to its server: each static one is taken under that server instead.
 */
export function linksIn(text: string, origin: string, type: string | null): string[] {
  const found = new Set<string>();
  const add = (link: string) => {
    const clean = link.replace(/#.*$/, '').replace(/[.,;:]+$/, '');
    if (/[<>{}]|\/:/.test(clean)) return;
    const url = new URL(clean.replaceAll('&#38;', '&'), origin);
    if (url.origin === origin) found.add(url.href);
  };
  let scanned = text;
  if (type !== null && /[/+]json\b/.test(type)) {
    const document = JSON.parse(text, (key, value) => (key === '$id' ? undefined : value));
    if (typeof document.openapi === 'string') {
      for (const path of Object.keys(document.paths)) add(`${document.servers[0].url}${path}`);
      scanned = JSON.stringify({ ...document, paths: Object.values(document.paths) });
    } else scanned = JSON.stringify(document);
  }
  for (const [url] of scanned.matchAll(/https?:\/\/[^\s"'<>)\]`\\]+/g)) add(url);
  for (const [, path] of scanned.matchAll(/\]\((\/[^)\s]*)\)/g)) add(path!);
  for (const [, path] of scanned.matchAll(/"(\/[A-Za-z0-9._~\-/?=&%]*)"/g)) add(path!);
  for (const [, path] of scanned.matchAll(/(?:href|src|action)="(\/[^"]*)"/g)) add(path!);
  return [...found];
}

/** The links to `origin` in an answer's `Location` and `Link` headers, as absolute URLs. */
export function linksInHeaders(headers: Headers, origin: string): string[] {
  const named = [headers.get('location'), ...[...(headers.get('link') ?? '').matchAll(/<([^>]*)>/g)].map(([, link]) => link)];
  return named.flatMap((link) => (link ? [new URL(link, origin)] : [])).flatMap((url) => (url.origin === origin ? [url.href] : []));
}

/** Whether `url` is the arena at `baseUrl` (its origin and base path) or under it: what every link the arena makes must be. */
export const isUnder = (url: string, baseUrl: string) => url === baseUrl || url.startsWith(`${baseUrl}/`) || url.startsWith(`${baseUrl}?`);
