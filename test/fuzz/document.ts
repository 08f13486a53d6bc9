import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument } from '../openapi/published.ts';

/** A JSON Schema inside the document, with the JSON pointer it sits at (where its references resolve). */
export interface SchemaAt {
  schema: Record<string, any>;
  pointer: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: SchemaAt;
}

/** One operation as the served document describes it: all the fuzz knows of a route. */
export interface DescribedOperation {
  method: string;
  /** The path template, `{name}` for each path parameter. */
  path: string;
  parameters: Parameter[];
  body?: { types: string[]; schema: SchemaAt };
  /** The credentials it takes, by security scheme: any one list of the alternatives (an empty list: none). */
  security: string[][];
  /** A durable write: it requires an `Idempotency-Key`. */
  durable: boolean;
}

const ID = 'https://arena.test/fuzzed.json';

/** `#/a/b~1c` as the parts `a`, `b/c`. */
function partsOf(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The parts as a JSON pointer (`#/a/b~1c`). */
export function pointerOf(parts: readonly string[]): string {
  return `#/${parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/** Schemas at pointers into a document: followed through `$ref`, and validated (JSON Schema 2020-12) in place. */
export class DocumentSchemas {
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: object) {
    this.ajv.addSchema({ ...document, $id: ID });
  }

  /** The schema at `pointer`, its references followed. */
  at(pointer: string): SchemaAt {
    let current: SchemaAt = { schema: this.lookUp(pointer), pointer };
    for (let hops = 0; typeof current.schema.$ref === 'string' && hops < 16; hops++) current = { schema: this.lookUp(current.schema.$ref), pointer: current.schema.$ref };
    return current;
  }

  /** The schema of a member, an item or a branch of `parent`: `child(parent, 'properties', 'name')`. */
  child(parent: SchemaAt, ...parts: string[]): SchemaAt {
    return this.at(pointerOf([...partsOf(parent.pointer), ...parts]));
  }

  valid(at: SchemaAt, value: unknown): boolean {
    let validate = this.validators.get(at.pointer);
    if (!validate) this.validators.set(at.pointer, (validate = this.ajv.compile({ $ref: `${ID}${at.pointer}` })));
    return validate(value) as boolean;
  }

  private lookUp(pointer: string): Record<string, any> {
    let node: any = this.document;
    for (const part of partsOf(pointer)) node = node?.[part];
    if (node === undefined) throw new Error(`the document has nothing at ${pointer}`);
    // `true` (anything) as the empty schema.
    return node === true ? {} : node;
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation the document describes; `schemas` are the document's own. */
export function describedOperations(document: OpenApiDocument, schemas: DocumentSchemas): DescribedOperation[] {
  const operations: DescribedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const at = (...parts: string[]) => pointerOf(['paths', path, method, ...parts]);
      const parameters = (operation.parameters ?? []).map(
        (parameter, index): Parameter => ({
          name: parameter.name,
          in: parameter.in as Parameter['in'],
          required: parameter.required,
          schema: schemas.at(at('parameters', String(index), 'schema')),
        }),
      );
      const content = operation.requestBody?.content ?? {};
      const types = Object.keys(content);
      const body = types.length > 0 ? { types, schema: schemas.at(at('requestBody', 'content', types[0]!, 'schema')) } : undefined;
      const security = (operation.security ?? []).map((requirement) => Object.keys(requirement));
      const durable = parameters.some((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key' && parameter.required);
      operations.push({ method: method.toUpperCase(), path, parameters, ...(body ? { body } : {}), security, durable });
    }
  }
  return operations;
}

/**
 * The statuses the operations at a path answer in their own protocol's shape (MCP's JSON-RPC
 * errors, A2A's) rather than as problem documents: any operation at the path, since a request
 * may use another method than the operation it was made from.
 */
export function protocolStatuses(document: OpenApiDocument, path: string): Set<number> {
  const statuses = new Set<number>();
  for (const operation of Object.values(document.paths[path] ?? {})) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const types = Object.keys((response.content as Record<string, unknown> | undefined) ?? {});
      if (types.length > 0 && !types.includes('application/problem+json')) statuses.add(Number(status));
    }
  }
  return statuses;
}
