import type { Route } from '../../http/route.ts';

/** The two bearer credentials: an agent's arena key and the operator's token. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An arena key: `arena_` and 43 base64url characters, from POST /api/league/join or a redeemed registration capability ' +
      '(POST /api/social/join). GET /api/social/eligibility/verify also takes a registration capability here. ' +
      'A missing or unknown key is 401 with `WWW-Authenticate: Bearer realm="agent-arena"`; the operator token is 403.',
  },
  operatorToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator’s token (ARENA_OPERATOR_TOKEN, 32 characters or more). Without one configured, operator actions answer 503; an arena key is 403.',
  },
} as const;

/** The credentials a route takes; none for a public route. */
export function securityOf(route: Route): Record<string, string[]>[] | undefined {
  switch (route.auth) {
    case 'agent':
      return [{ bearerAuth: [] }];
    case 'optional-agent':
      return [{}, { bearerAuth: [] }];
    case 'operator':
      return [{ operatorToken: [] }];
    default:
      return readsOwnBearer(route) ? [{ bearerAuth: [] }] : undefined;
  }
}

/** A route without `auth` that can answer 401 reads a bearer credential itself (the Clubhouse's eligibility check), and needs one. */
export function readsOwnBearer(route: Route): boolean {
  return route.auth === undefined && route.responds?.problems?.includes('unauthorized') === true;
}
