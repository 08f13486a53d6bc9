import { KEY_PATTERN } from '../http/idempotency.ts';
import type { AgentTool, Route } from '../http/route.ts';
import type { RouteCall } from './call-route.ts';
import { answersStream } from './streamed.ts';
import { toolDescription } from './tool-description.ts';
import { withDefinitions, type Json, type JsonObject } from './json-schema-refs.ts';

/**
 * An operation an agent acts through (its route has a `tool`), as the MCP tool and the A2A skill
 * of its name. Arguments and answers are described from the OpenAPI operation of the same route,
 * so the three descriptions are one: path and query parameters and the JSON body's members are
 * the tool's arguments, and its 2xx JSON answer is its output.
 */
export interface AgentOperation {
  tool: AgentTool;
  route: Route;
  description: string;
  /** A JSON Schema object: the arguments, with `$defs` for what they refer to. */
  inputSchema: JsonObject;
  /** A JSON Schema object: the successful answer, with `$defs`. */
  outputSchema: JsonObject;
  /** Nothing is stored: the call changes no state (tokens and receipts are portable). */
  readOnly: boolean;
  /** The route call these (validated) arguments make; `idempotencyKey` becomes the header. */
  toCall(args: Record<string, unknown>): RouteCall;
}

/** The argument a durable write takes for its `Idempotency-Key`. */
export const IDEMPOTENCY_ARGUMENT = 'idempotencyKey';

/** A body that is not one JSON object of named members is sent whole as this argument. */
const BODY_ARGUMENT = 'body';

type Document = { paths: Record<string, Record<string, JsonObject>>; components: { schemas: Record<string, Json> } };

/**
 * The agent operations of `routes`, described from `describe`'s OpenAPI document, built once on
 * first use (the route table may still be filling when this is called).
 */
export function agentOperations(routes: readonly Route[], describe: (base: string) => Record<string, unknown>): () => readonly AgentOperation[] {
  let operations: readonly AgentOperation[] | undefined;
  return () => (operations ??= build(routes, describe('https://arena.invalid') as unknown as Document));
}

function build(routes: readonly Route[], document: Document): AgentOperation[] {
  const seen = new Set<string>();
  return routes.flatMap((route) => {
    if (!route.tool) return [];
    // A tool's answer is read whole; a stream would never end, or hold an export in memory.
    if (answersStream(route)) throw new Error(`${route.method} ${route.path} answers a stream: it cannot be the agent tool ${route.tool.name}`);
    if (seen.has(route.tool.name)) throw new Error(`two routes are the agent tool ${route.tool.name}`);
    seen.add(route.tool.name);
    const operation = document.paths[openApiPathOf(route.path)]?.[route.method.toLowerCase()];
    if (!operation) throw new Error(`no OpenAPI operation for ${route.method} ${route.path}`);
    return [operationOf(route, route.tool, operation, document.components.schemas)];
  });
}

function operationOf(route: Route, tool: AgentTool, operation: JsonObject, components: Record<string, Json>): AgentOperation {
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  const add = (name: string, schema: Json, isRequired: boolean) => {
    if (name in properties) throw new Error(`${tool.name}: the argument ${name} would be both a parameter and a body member`);
    properties[name] = schema;
    if (isRequired) required.push(name);
  };
  const pathNames: string[] = [];
  const queryNames: string[] = [];
  for (const parameter of (operation.parameters ?? []) as JsonObject[]) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    (parameter.in === 'path' ? pathNames : queryNames).push(parameter.name as string);
    const schema = parameter.description ? { ...(parameter.schema as JsonObject), description: parameter.description } : (parameter.schema as Json);
    add(parameter.name as string, schema, parameter.required === true);
  }
  const body = bodySchemaOf(operation, components);
  const bodyMembers = body && isObjectOfMembers(body) ? Object.keys(body.properties as JsonObject) : undefined;
  if (body && bodyMembers) {
    const bodyRequired = new Set((body.required ?? []) as string[]);
    for (const name of bodyMembers) add(name, (body.properties as JsonObject)[name] as Json, bodyRequired.has(name));
  } else if (body) add(BODY_ARGUMENT, body, true);
  if (route.durable) add(IDEMPOTENCY_ARGUMENT, idempotencyArgument(), false);

  const input = { type: 'object', properties, required, additionalProperties: false };
  return {
    tool,
    route,
    description: toolDescription(route),
    inputSchema: withDefinitions(input, components),
    outputSchema: withDefinitions(asObjectRoot(answerSchemaOf(operation, components), tool.name), components),
    readOnly: !route.durable,
    toCall(args) {
      // A lone surrogate has no place in a URL: as U+FFFD, the route answers that nothing has that name.
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(args[name]).toWellFormed()));
      const query = Object.fromEntries(queryNames.flatMap((name) => (args[name] === undefined ? [] : [[name, String(args[name])]])));
      const key = args[IDEMPOTENCY_ARGUMENT];
      const taken = new Set([...pathNames, ...queryNames, IDEMPOTENCY_ARGUMENT]);
      const members = Object.fromEntries(Object.entries(args).filter(([name]) => !taken.has(name)));
      return {
        method: route.method,
        path,
        ...(queryNames.length > 0 ? { query } : {}),
        ...(body ? { body: bodyMembers ? members : args[BODY_ARGUMENT] } : {}),
        ...(typeof key === 'string' ? { headers: { 'idempotency-key': key } } : {}),
      };
    },
  };
}

/** `/api/rules/:number` → `/api/rules/{number}`, as the document names its paths. */
function openApiPathOf(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function bodySchemaOf(operation: JsonObject, components: Record<string, Json>): JsonObject | undefined {
  const content = (operation.requestBody as JsonObject | undefined)?.content as Record<string, JsonObject> | undefined;
  const schema = content?.['application/json']?.schema as JsonObject | undefined;
  return schema && dereferenced(schema, components);
}

/** The schema of the operation's JSON success answer (its first 2xx). */
function answerSchemaOf(operation: JsonObject, components: Record<string, Json>): JsonObject {
  const responses = operation.responses as Record<string, JsonObject>;
  const success = Object.keys(responses).find((status) => /^2\d\d$/.test(status));
  const content = success ? (responses[success]!.content as Record<string, JsonObject> | undefined) : undefined;
  const schema = content?.['application/json']?.schema as JsonObject | undefined;
  if (!schema) throw new Error(`${String(operation.operationId)} answers no JSON, so it cannot be a tool`);
  return dereferenced(schema, components);
}

/** A schema that is a reference to a component, as that component's schema itself. */
function dereferenced(schema: JsonObject, components: Record<string, Json>): JsonObject {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = components[ref.replace('#/components/schemas/', '')];
  if (!target || typeof target !== 'object') throw new Error(`unresolved ${ref}`);
  return dereferenced(target as JsonObject, components);
}

/** A body of named members, each of which can be an argument of its own. */
function isObjectOfMembers(schema: JsonObject): boolean {
  return schema.type === 'object' && typeof schema.properties === 'object' && schema.anyOf === undefined && schema.oneOf === undefined;
}

/** MCP wants an output schema whose root is an object, as every JSON answer of the arena is. */
function asObjectRoot(schema: JsonObject, name: string): JsonObject {
  if (schema.type !== 'object') throw new Error(`${name} answers something other than a JSON object`);
  return schema;
}

function idempotencyArgument(): JsonObject {
  return {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    pattern: KEY_PATTERN.source,
    description:
      'Optional; sent as the Idempotency-Key header, so 1 to 255 visible ASCII characters. Left out, one is derived from your credential (or address) and these arguments, ' +
      'so a retry of the same call is answered once, with the first answer. Give a fresh value to make the same write twice on purpose.',
  };
}
