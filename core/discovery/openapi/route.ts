import { CACHE } from '../../http/cache.ts';
import { defineRoute } from '../../http/route.ts';
import { OpenApiDocumentResponseSchema } from '../responses.ts';

/**
 * `GET /openapi.json`: the API described from the same route table that serves it (see
 * `openApiDescriber`), for the base URL asked.
 */
export function openApiRoutes(describe: (base: string) => Record<string, unknown>) {
  return [
    defineRoute({
      method: 'GET',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      cache: CACHE.published,
      summary: 'OpenAPI 3.1 description of every route, generated from the route definitions and their schemas',
      responds: { body: OpenApiDocumentResponseSchema },
      handle: ({ request }, arena) => describe(arena.baseUrlOf(request)),
    }),
  ];
}
