/**
 * Where the arena is mounted: `''` at the root of its origin, or a path such as `/arena` under
 * which it serves every route and to which every link it makes is relative.
 */

/** A segment of a base path: unreserved URL characters (RFC 3986), none a route pattern reads. */
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** The form a base path takes, for an error message. */
export const BASE_PATH_FORM =
  "a path such as /arena: '/' and segments of letters, digits, '-', '_', '.' or '~', with no trailing '/', no '.' or '..' segment, no query or fragment (empty for the root)";

/** Whether `basePath` can be the arena's base path; `''` (the root) can. */
export function isBasePath(basePath: string): boolean {
  if (basePath === '') return true;
  if (!basePath.startsWith('/')) return false;
  return basePath
    .slice(1)
    .split('/')
    .every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

/** The base path an option names (undefined is the root), or a TypeError saying the form it takes. */
export function checkedBasePath(basePath: string | undefined): string {
  if (basePath === undefined) return '';
  if (typeof basePath !== 'string' || !isBasePath(basePath)) throw new TypeError(`basePath ${JSON.stringify(basePath)} must be ${BASE_PATH_FORM}`);
  return basePath;
}

/** Links by name, each an arena path (`/api/games`), as served under `basePath`. */
export function linksUnder<L extends Record<string, string>>(basePath: string, links: L): L {
  if (basePath === '') return links;
  return Object.fromEntries(Object.entries(links).map(([name, path]) => [name, `${basePath}${path}`])) as L;
}
