import { CACHE } from '../../http/cache.ts';
import { defineRoute, type Route, type SchemaDescriptions } from '../../http/route.ts';
import { openApiDescriber } from './document.ts';
import { OpenApiDocumentResponseSchema } from '../responses.ts';

/**
 * `GET /openapi.json`: the API described from the same route table that serves it, `routes`, and
 * the schemas its surfaces describe themselves.
 */
export function openApiRoutes(routes: readonly Route[], descriptions: readonly SchemaDescriptions[] = []) {
  const describe = openApiDescriber(routes, descriptions);
  return [
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      cache: CACHE.published,
      summary: 'OpenAPI 3.1 description of every route, generated from the route definitions and their schemas',
      responds: { body: OpenApiDocumentResponseSchema },
      handle: ({ request }, arena) => describe(arena.originOf(request)),
    }),
  ];
}
