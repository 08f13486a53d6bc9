import type { Route } from './route.ts';

/** itty-router's table: method, pattern, handlers, the path as it normalised it. */
type RouteTable = readonly (readonly [method: string, pattern: RegExp, handlers: unknown, path?: string])[];

export const NO_PARAMS: Record<string, string> = Object.freeze({});

/**
 * The routes whose path has no parameter, by method and path, each only where no route before
 * it in the table matches that path too: the route itty-router would pick, found without its
 * walk over the table and its own parse of the URL (some 12 µs of a signed play on Node). Any
 * other path, a trailing slash say, still goes through itty-router.
 */
export function exactRoutes(routes: readonly Route[], table: RouteTable): Map<string, { route: Route; pattern: string }> {
  const exact = new Map<string, { route: Route; pattern: string }>();
  routes.forEach((route, index) => {
    // itty-router reports the path as it normalised it ('/' as ''): the route's name in metrics and logs.
    const [method, , , normalised = route.path] = table[index]!;
    if (/[:*]/.test(route.path)) return;
    const shadowed = table.slice(0, index).some(([other, pattern]) => (other === method || other === 'ALL') && pattern.test(route.path));
    const key = `${method} ${route.path}`;
    if (!shadowed && !exact.has(key)) exact.set(key, { route, pattern: normalised });
  });
  return exact;
}
