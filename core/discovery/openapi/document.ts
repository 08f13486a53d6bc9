import type { Route, SchemaDescriptions } from '../../http/route.ts';
import { MAX_BODY_BYTES } from '../../http/json-body.ts';
import { ARENA } from '../../status/identity.ts';
import { openApiPath } from './naming.ts';
import { namedSchemas } from './named-schemas.ts';
import { operationOf } from './operation.ts';
import { SHARED_RESPONSES, problemSchema, problemTypeList } from './problems.ts';
import { SECURITY_SCHEMES } from './security.ts';

/**
 * The version of the interface description (spec section 9). `info.version` is the service's
 * version, which generators put in the clients they make; this one is `info.x-interface-version`.
 */
export const INTERFACE_VERSION = '0.6.0';

const DESCRIPTION = `${ARENA.purpose}

Service ${ARENA.version}, protocol ${ARENA.protocol}. This description is generated from the arena's route table and the valibot schemas its routes validate with.

Conventions (docs/PROTOCOL.md): request bodies are JSON (\`application/json\` or any \`application/*+json\`) of at most ${MAX_BODY_BYTES} bytes: a body declared or streamed past that is 413, refused before it is read in full. Every error is an RFC 9457 \`application/problem+json\` document whose \`type\` is one of \`x-problem-types\`, except where an endpoint serves another protocol (MCP, A2A) and answers that protocol's errors. Every GET also answers HEAD; OPTIONS answers a CORS preflight on any path that exists; another method on a known path is 405 with \`Allow\`; 500 is always a bug (see components.responses). Durable writes need an \`Idempotency-Key\`. Refusals come in this order: 503 (closed surface), 401/403 (credential), 400 (Idempotency-Key, query, body), then 409/422 (the idempotency record).

Request schemas state what a client may send. Where a rule has no JSON Schema form (well-formed Unicode, text that is sanitised before its bound, the State Forge audit), the schema is looser than the route and its description states the rule.`;

/**
 * The OpenAPI 3.1.0 description of `routes` (with the schemas their surfaces describe
 * themselves) served under `basePath`, as served from a base URL (an origin and that base path,
 * the document's one server, which its `paths` are relative to). Everything but the server is
 * built once, on first use (so `routes` may still be filling when this is called).
 */
export function openApiDescriber(routes: readonly Route[], descriptions: readonly SchemaDescriptions[], basePath = ''): (baseUrl: string) => Record<string, unknown> {
  let body: ReturnType<typeof build> | undefined;
  return (baseUrl) => {
    const { openapi, info, ...rest } = (body ??= build(routes, descriptions, basePath));
    // Whoever runs the arena at this address answers for it; its home page says who that is.
    const contact = { name: `The operator of ${ARENA.name} at ${baseUrl}`, url: `${baseUrl}/` };
    return { openapi, info: { ...info, contact }, servers: [{ url: baseUrl }], ...rest };
  };
}

function build(routes: readonly Route[], descriptions: readonly SchemaDescriptions[], basePath: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const taken = new Set<string>();
  const names = namedSchemas(descriptions);
  for (const route of routes) {
    if (taken.has(route.operationId)) throw new Error(`two routes are named ${route.operationId}`);
    taken.add(route.operationId);
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operationOf(route, names);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: ARENA.name,
      version: ARENA.version,
      'x-interface-version': INTERFACE_VERSION,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: tagsOf(routes),
    paths,
    components: {
      schemas: { Problem: problemSchema(basePath), ...names.described, ...names.schemas() },
      responses: SHARED_RESPONSES,
      securitySchemes: SECURITY_SCHEMES,
    },
    'x-problem-types': problemTypeList(basePath),
  };
}

/** One tag per surface, in the order the route table first names them. */
function tagsOf(routes: readonly Route[]): { name: string; description: string }[] {
  const surfaces = new Map(routes.flatMap((route) => (route.surface ? [[route.surface.name, route.surface.description] as const] : [])));
  return [...surfaces].map(([name, description]) => ({ name, description }));
}
