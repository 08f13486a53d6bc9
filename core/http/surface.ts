import type { Route, Surface } from './route.ts';

/** `routes` as operations of `surface`. */
export function inSurface(surface: Surface, routes: readonly Route[]): Route[] {
  return routes.map((route) => ({ ...route, surface }));
}
