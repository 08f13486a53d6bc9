import type * as v from 'valibot';
import type { Route } from '../../http/route.ts';
import { TokenSchema } from '../../schema/token.ts';

/** Whether the route's query or body carries a signed token: one that may be refused as `invalid-token`. */
export function readsToken(route: Route): boolean {
  return [route.query, route.body].some((schema) => schema !== undefined && holds(schema, new Set()));
}

/** Whether `TokenSchema` is `node` or nested anywhere in it (entries, wrapped, options, pipe, …). */
function holds(node: unknown, seen: Set<unknown>): boolean {
  if (node === (TokenSchema as v.GenericSchema)) return true;
  if (typeof node !== 'object' || node === null || seen.has(node)) return false;
  seen.add(node);
  const children = Array.isArray(node)
    ? node
    : Object.entries(node)
        .filter(([key]) => !key.startsWith('~'))
        .map(([, value]) => value);
  return children.some((child) => holds(child, seen));
}
