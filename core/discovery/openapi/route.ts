import { defineRoute } from '../../http/route.ts';
import { openApiDocument } from './document.ts';
import { OpenApiDocumentResponseSchema } from '../responses.ts';

/** `GET /openapi.json`: the API described from the same route table that serves it (read per request, not imported). */
export const openApiRoutes = [
  defineRoute({
    method: 'GET',
    path: '/openapi.json',
    summary: 'OpenAPI 3.1 description of every route, generated from the route definitions and their schemas',
    responds: { body: OpenApiDocumentResponseSchema },
    handle: ({ request }, arena) => openApiDocument(arena.routes, arena.originOf(request)),
  }),
];
