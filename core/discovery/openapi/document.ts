import type { Route, SchemaDescriptions } from '../../http/route.ts';
import { MAX_BODY_BYTES } from '../../http/json-body.ts';
import { ARENA } from '../../status/identity.ts';
import { openApiPath, operationIdOf } from './naming.ts';
import { namedSchemas } from './named-schemas.ts';
import { operationOf } from './operation.ts';
import { GLOBAL_RESPONSES, problemSchema, problemTypeList } from './problems.ts';
import { SECURITY_SCHEMES } from './security.ts';

/** The version of this interface description (spec section 9), apart from the service's. */
export const INTERFACE_VERSION = '0.6.0';

const DESCRIPTION = `${ARENA.purpose}

Service ${ARENA.version}, protocol ${ARENA.protocol}. This description is generated from the arena's route table and the valibot schemas its routes validate with.

Conventions (docs/PROTOCOL.md): request bodies are JSON (\`application/json\` or any \`application/*+json\`) of at most ${MAX_BODY_BYTES} bytes: a body declared or streamed past that is 413, refused before it is read in full. Every error is an RFC 9457 \`application/problem+json\` document whose \`type\` is one of \`x-problem-types\`, except where an endpoint serves another protocol (MCP, A2A) and answers that protocol's errors. Every GET also answers HEAD; OPTIONS answers a CORS preflight on any path that exists; another method on a known path is 405 with \`Allow\`; 500 is always a bug (see components.responses). Durable writes need an \`Idempotency-Key\`. Refusals come in this order: 503 (closed surface), 401/403 (credential), 400 (Idempotency-Key, query, body), then 409/422 (the idempotency record).

Request schemas state what a client may send. Where a rule has no JSON Schema form (well-formed Unicode, text that is sanitised before its bound, the State Forge audit), the schema is looser than the route and its description states the rule.`;

/**
 * The OpenAPI 3.1.0 description of `routes` (with the schemas their surfaces describe
 * themselves), as served from an origin. Everything but the server is built once, on first use
 * (so `routes` may still be filling when this is called).
 */
export function openApiDescriber(routes: readonly Route[], descriptions: readonly SchemaDescriptions[]): (origin: string) => Record<string, unknown> {
  let body: ReturnType<typeof build> | undefined;
  return (origin) => {
    const { openapi, info, ...rest } = (body ??= build(routes, descriptions));
    return { openapi, info, servers: [{ url: origin }], ...rest };
  };
}

function build(routes: readonly Route[], descriptions: readonly SchemaDescriptions[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const taken = new Set<string>();
  const names = namedSchemas(descriptions);
  for (const route of routes) {
    const operationId = unique(operationIdOf(route.method, route.path), taken);
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operationOf(route, operationId, names);
  }
  return {
    openapi: '3.1.0',
    info: { title: ARENA.name, version: INTERFACE_VERSION, description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
    paths,
    components: {
      schemas: { Problem: problemSchema, ...names.described, ...names.schemas() },
      responses: GLOBAL_RESPONSES,
      securitySchemes: SECURITY_SCHEMES,
    },
    'x-problem-types': problemTypeList,
  };
}

/** The id, or the id with the lowest free number after it: paths that differ only in punctuation stay apart. */
function unique(id: string, taken: Set<string>): string {
  let candidate = id;
  for (let n = 2; taken.has(candidate); n++) candidate = `${id}${n}`;
  taken.add(candidate);
  return candidate;
}
