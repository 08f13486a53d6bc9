import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { inProcessArena } from '../support/in-process-arena.ts';

/** An OpenAPI document, as far as these tests read it. */
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string; contact?: { name: string; url: string } };
  servers: { url: string }[];
  tags?: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, any>>;
  'x-problem-types': { slug: string; type: string; status: number }[];
};

export interface Operation {
  operationId: string;
  tags?: string[];
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; schema: object }[];
  requestBody?: { required: boolean; content: Record<string, { schema: object }> };
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
}

/** `GET /openapi.json` from a whole arena in this process. */
export async function publishedDocument(): Promise<{ document: OpenApiDocument; headers: Headers; arena: Awaited<ReturnType<typeof inProcessArena>> }> {
  const arena = await inProcessArena('2026-11-21T12:00:00Z');
  const answer = await arena.call('/openapi.json');
  if (answer.status !== 200) throw new Error(`GET /openapi.json answered ${answer.status}`);
  return { document: answer.body, headers: answer.headers, arena };
}

const ID = 'https://arena.test/openapi.json';
const pointer = (parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Compiles schemas at JSON pointers into the document, where their references resolve. */
function compilerFor(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...document, $id: ID });
  return (parts: string[]): ValidateFunction => ajv.compile({ $ref: `${ID}#/${pointer(parts)}` });
}

/**
 * JSON Schema (2020-12) validators for the document's own request schemas, compiled in place so
 * that their references (`#/components/schemas/…`) resolve within the document.
 */
export function requestValidators(document: OpenApiDocument) {
  const compile = compilerFor(document);
  return {
    body: (method: string, path: string) => compile(['paths', path, method, 'requestBody', 'content', 'application/json', 'schema']),
    query: (method: string, path: string, name: string) => {
      const index = document.paths[path]?.[method]?.parameters?.findIndex((parameter) => parameter.in === 'query' && parameter.name === name) ?? -1;
      if (index < 0) throw new Error(`${method} ${path} has no query parameter ${name}`);
      return compile(['paths', path, method, 'parameters', String(index), 'schema']);
    },
  };
}

/** A validator for the published schema of one answer: an operation's response by status and media type. */
export function responseValidator(document: OpenApiDocument) {
  const compile = compilerFor(document);
  const compiled = new Map<string, ValidateFunction>();
  return (method: string, path: string, status: number, type: string): ValidateFunction => {
    const parts = ['paths', path, method, 'responses', String(status), 'content', type, 'schema'];
    const key = parts.join(' ');
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = compile(parts)));
    return validate;
  };
}
