import * as v from 'valibot';
import { Integer, Timestamp } from '../schema/response-parts.ts';

const Protocol = { protocol: v.string(), version: v.string(), generatedAt: Timestamp };

/** `GET /agent-index`: every document and every endpoint. */
export const AgentIndexResponseSchema = v.object({
  ...Protocol,
  name: v.string(),
  canonicalOrigin: v.string(),
  documents: v.array(v.object({ id: v.string(), url: v.string(), mediaType: v.string(), purpose: v.string() })),
  endpoints: v.array(
    v.object({
      method: v.picklist(['GET', 'POST', 'PUT', 'DELETE']),
      path: v.string(),
      summary: v.string(),
      credential: v.picklist(['none', 'agent', 'optional-agent', 'operator']),
      idempotencyKey: v.boolean(),
    }),
  ),
});

/** One problem type, as `GET /problems/{slug}` describes it. */
export const ProblemTypeResponseSchema = v.pipe(
  v.object({
    type: v.pipe(v.string(), v.description('The problem’s URI, `/problems/<slug>`')),
    status: Integer,
    title: v.string(),
    description: v.string(),
  }),
  v.title('ProblemType'),
);

/** `GET /problems`. */
export const ProblemListResponseSchema = v.object({ problems: v.array(ProblemTypeResponseSchema) });

/** `GET /.well-known/jwks.json`: the Ed25519 keys, the current signing key and any retired ones, so old receipts verify. */
export const JwksResponseSchema = v.object({
  keys: v.array(
    v.object({
      kty: v.literal('OKP'),
      crv: v.literal('Ed25519'),
      x: v.string(),
      kid: v.pipe(v.string(), v.description('The RFC 7638 thumbprint of the key')),
      alg: v.literal('EdDSA'),
      use: v.literal('sig'),
    }),
  ),
});

/** `GET /openapi.json`: this document. */
export const OpenApiDocumentResponseSchema = v.object({
  openapi: v.literal('3.1.0'),
  info: v.looseObject({ title: v.string(), version: v.string(), 'x-interface-version': v.string(), description: v.string() }),
  servers: v.array(v.looseObject({ url: v.string() })),
  tags: v.array(v.object({ name: v.string(), description: v.string() })),
  paths: v.record(v.string(), v.record(v.string(), v.looseObject({ operationId: v.string(), responses: v.record(v.string(), v.unknown()) }))),
  components: v.looseObject({ schemas: v.record(v.string(), v.unknown()) }),
  'x-problem-types': v.array(v.looseObject({ slug: v.string(), type: v.string(), status: Integer })),
});
