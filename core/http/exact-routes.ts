import type { Route } from './route.ts';

/** itty-router's table: method, pattern, handlers, the path as it normalised it. */
type RouteTable = readonly (readonly [method: string, pattern: RegExp, handlers: unknown, path?: string])[];

export const NO_PARAMS: Record<string, string> = Object.freeze({});

/**
 * The routes whose path has no parameter, by method and path (under `basePath`, as requested),
 * each only where no route before it in the table matches that path too: the route itty-router
 * would pick, found without its walk over the table and its own parse of the URL (some 12 µs of
 * a signed play on Node). Any other path, a trailing slash say, still goes through itty-router.
 */
export function exactRoutes(routes: readonly Route[], table: RouteTable, basePath = ''): Map<string, { route: Route; pattern: string }> {
  const exact = new Map<string, { route: Route; pattern: string }>();
  routes.forEach((route, index) => {
    // itty-router reports the path as it normalised it ('/' as ''), after the base path: the
    // route's name in metrics and logs is the rest, the same wherever the arena is mounted.
    const [method, , , normalised = `${basePath}${route.path}`] = table[index]!;
    if (/[:*]/.test(route.path)) return;
    const path = `${basePath}${route.path}`;
    const shadowed = table.slice(0, index).some(([other, pattern]) => (other === method || other === 'ALL') && pattern.test(path));
    const key = `${method} ${path}`;
    if (!shadowed && !exact.has(key)) exact.set(key, { route, pattern: normalised.slice(basePath.length) });
  });
  return exact;
}
