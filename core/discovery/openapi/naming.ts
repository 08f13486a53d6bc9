// A parameter is a whole segment, `/:name`; a colon inside a segment (`/message:send`) is text.
const PARAMETER = /(?<=\/):([A-Za-z_]\w*)(?=\/|$)/g;

/** itty-router's `:name` path parameters, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(PARAMETER)].map((match) => match[1]!);
}

/** The OpenAPI form of an itty-router path: `/api/rules/:number` → `/api/rules/{number}`. */
export function openApiPath(path: string): string {
  return path.replace(PARAMETER, '{$1}');
}

/** A schema's name after its operation: `joinLeague`, `Request` → `JoinLeagueRequest`. */
export function schemaNameOf(operationId: string, role: 'Request' | 'Response'): string {
  return `${operationId[0]!.toUpperCase()}${operationId.slice(1)}${role}`;
}
