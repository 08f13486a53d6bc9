import { defineRoute } from '../../http/route.ts';
import { openApiDocument } from './document.ts';

/** `GET /openapi.json`: the API described from the same route table that serves it (read per request, not imported). */
export const openApiRoutes = [
  defineRoute({
    method: 'GET',
    path: '/openapi.json',
    summary: 'OpenAPI 3.1 description of every route, generated from the route definitions and their schemas',
    handle: ({ request }, arena) => openApiDocument(arena.routes, arena.originOf(request)),
  }),
];
