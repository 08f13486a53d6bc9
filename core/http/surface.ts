import type { Route, Surface } from './route.ts';

/** `routes` as operations of `surface`. */
export function inSurface<R extends Route>(surface: Surface, routes: readonly R[]): R[] {
  return routes.map((route) => ({ ...route, surface }));
}
