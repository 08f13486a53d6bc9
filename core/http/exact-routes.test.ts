import { Router } from 'itty-router';
import { describe, expect, it } from 'vitest';
import { testArena } from '../../test/support/arena-context.ts';
import { exactRoutes } from './exact-routes.ts';
import type { Route } from './route.ts';

/** The routes in an itty-router table, as the fetch handler registers them. */
function tableOf(routes: readonly Route[]) {
  const router = Router();
  for (const route of routes) router[route.method.toLowerCase() as 'get'](route.path, () => undefined);
  return router.routes;
}

/** The route itty-router's walk picks for a method and path: the first whose pattern matches. */
function walked(routes: readonly Route[], method: string, path: string): Route | undefined {
  const table = tableOf(routes);
  const index = table.findIndex(([other, pattern]) => (other === method || other === 'ALL') && pattern.test(path));
  return index < 0 ? undefined : routes[index];
}

const route = (method: string, path: string) => ({ method, path }) as Route;

describe('exactRoutes', () => {
  it('picks, for every parameterless path of the arena, the route itty-router picks', async () => {
    const { routes } = await testArena();
    const exact = exactRoutes(routes, tableOf(routes));
    expect(exact.size).toBeGreaterThan(40);
    for (const [key, { route: picked, pattern }] of exact) {
      const [method, path] = key.split(' ') as [string, string];
      expect(walked(routes, method, path), key).toBe(picked);
      expect(pattern).toBe(path === '/' ? '' : path);
    }
  });

  it('leaves a path to itty-router when an earlier route with a parameter also matches it', () => {
    const routes = [route('GET', '/things/:id'), route('GET', '/things/new'), route('POST', '/things/new'), route('GET', '/other')];
    const exact = exactRoutes(routes, tableOf(routes));
    expect([...exact.keys()]).toEqual(['POST /things/new', 'GET /other']);
  });

  it('keeps the first of two routes with the same method and path', () => {
    const routes = [route('GET', '/same'), route('GET', '/same')];
    expect(exactRoutes(routes, tableOf(routes)).get('GET /same')?.route).toBe(routes[0]);
  });
});
