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

/**
 * An operationId from the method and path alone, so it stays the same while the route does:
 * `PUT /api/rules/:number/review` → `putApiRulesByNumberReview`, `GET /` → `getRoot`.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .flatMap((segment) => (/^:\w+$/.test(segment) ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter((word) => word !== '');
  const capitalised = (words.length > 0 ? words : ['root']).map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalised.join('');
}
