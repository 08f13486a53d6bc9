import { readsOwnBearer } from '../discovery/openapi/security.ts';
import type { Route } from '../http/route.ts';

/**
 * A tool's description, told from its route as the API description tells an operation's, in the
 * words of a tool call: what it does, which HTTP route answers it, what credential it uses and
 * how a retried write is answered.
 */
export function toolDescription(route: Route): string {
  return [`${route.summary}.`, `Answers what ${route.method} ${route.path} answers.`, credentialOf(route), ...writeOf(route)].join(' ');
}

function credentialOf(route: Route): string {
  if (route.auth === 'agent') {
    return 'Needs your arena key, sent once for the whole connection as its HTTP `Authorization: Bearer arena_…` header (get one with arena.join_daily_league); without it the call is refused (401).';
  }
  if (route.auth === 'optional-agent') {
    return 'Uses the connection’s `Authorization: Bearer …` credential when it has one.';
  }
  // The connection's credential is passed on to every call: a route that reads one itself (the
  // Clubhouse's eligibility check) finds it there.
  if (readsOwnBearer(route)) return 'Needs the connection’s `Authorization: Bearer …` credential, the one the summary names; without it the call is refused (401).';
  return 'No credential needed.';
}

function writeOf(route: Route): string[] {
  if (!route.durable) return ['Changes nothing stored.'];
  return ['A durable write: a retry of the same call (the same arguments, or the same idempotencyKey) is answered once, with the first answer.'];
}
