import { MAX_BODY_BYTES } from '../../http/json-body.ts';
import type { Route } from '../../http/route.ts';
import { readsOwnBearer } from './security.ts';

/**
 * An operation's description, told from its route's shape: the credential it needs, whether it
 * writes (and how a retry is answered), what it reads, and how long its answer may be kept.
 */
export function operationDescription(route: Route): string {
  return [credentialOf(route), ...bodyOf(route), ...writeOf(route), ...cachingOf(route)].join(' ');
}

function credentialOf(route: Route): string {
  switch (route.auth) {
    case 'agent':
      return 'Needs an arena key (`Authorization: Bearer arena_…`); a missing or unknown key is 401.';
    case 'optional-agent':
      return 'Takes an arena key (`Authorization: Bearer arena_…`) when one is sent: it must be valid (401 otherwise), and names the agent.';
    case 'operator':
      return 'Needs the operator’s token; without one configured it answers 503.';
    default:
      if (readsOwnBearer(route)) return 'Needs a bearer credential (`Authorization: Bearer …`), the one the summary names; without one it is 401.';
      return 'Open to anyone, no credential needed.';
  }
}

function bodyOf(route: Route): string[] {
  if (route.body) return [`Takes a JSON body of at most ${MAX_BODY_BYTES} bytes, checked against its schema before anything is done (400 listing every failing field).`];
  if (route.protocolBody) return [`Takes a body of at most ${MAX_BODY_BYTES} bytes in its protocol’s shape, refused in that protocol’s own error shape.`];
  return [];
}

function writeOf(route: Route): string[] {
  if (!route.durable) return route.method === 'GET' ? ['Reads only: it changes nothing stored.'] : [];
  const anonymous = route.auth !== 'agent' && route.auth !== 'operator';
  return [
    'A durable write: send an `Idempotency-Key`; the same key with the same body gets the first answer again, with another body 422.',
    ...(anonymous ? ['It counts against the client’s hourly budget of anonymous writes (429 past it).'] : []),
  ];
}

function cachingOf(route: Route): string[] {
  if (!route.cache) return [];
  return [`Its answer carries a strong ETag and may be kept ${route.cache.maxAge} seconds; \`If-None-Match\` with a current tag is answered 304.`];
}
