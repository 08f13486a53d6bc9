import type { ArenaContext } from '../../context.ts';
import { defineRoute, type Dispatch } from '../../http/route.ts';
import { MAX_BODY_BYTES } from '../../http/json-body.ts';
import { nestsDeeperThan, tooDeep } from '../../http/json-depth.ts';
import { HttpError, type ProblemSlug } from '../../http/problem.ts';
import { readBoundedText } from '../bounded-body.ts';
import type { Caller } from '../call-route.ts';
import type { RemoteCatalog } from '../catalog.ts';
import type { AgentOperation } from '../operations.ts';
import { agentCard } from './agent-card.ts';
import { A2A_BASE_PATH, A2A_BINDING, A2A_MEDIA_TYPE, A2A_PROTOCOL_VERSION, A2A_VERSION_HEADER, a2aJson } from './binding.ts';
import { A2AError, a2aErrorResponse, type A2AErrorKind } from './errors.ts';
import { intentOf } from './intent.ts';
import { A2AErrorResponseSchema, AgentCardResponseSchema, InterfaceResponseSchema, SendMessageResponseSchema } from './responses.ts';
import { parseSendRequest, SendMessageRequestSchema } from './send-request.ts';
import { operationSkill, orientation } from './skills.ts';
import { answerModes, finishedTask } from './task.ts';

const SEND_PATH = `${A2A_BASE_PATH}/message:send`;

/** What the arena keeps of a task: nothing, and why. */
const NOT_KEPT =
  'every task is completed in the answer to its message, which holds it whole, and nothing of it is kept (an answer may hold an arena key or a registration capability, which the arena never stores)';

/** An A2A refusal of a message, by status. */
const refusal = (status: number, description: string) => ({ status, description, type: A2A_MEDIA_TYPE, body: A2AErrorResponseSchema });

/**
 * The A2A agent card, the interface's own address, `message:send`, and `tasks/{id}`, which finds
 * nothing: every task is completed in the answer to its message and answered whole, never kept
 * (an answer may hold an arena key or a registration capability, which the arena never stores).
 * Skills are the catalog's operations, calling the arena's routes through `dispatch`.
 */
export const a2aRoutes = (dispatch: Dispatch, catalog: RemoteCatalog) => [
  defineRoute({
    method: 'GET',
    path: '/.well-known/agent-card.json',
    operationId: 'getAgentCard',
    summary: 'The A2A v1.0 agent card: one HTTP+JSON interface at /a2a/v1; orientation, and a skill for every agent operation (the MCP tools)',
    responds: { body: AgentCardResponseSchema },
    handle: ({ request }, arena) => agentCard(arena.baseUrlOf(request), catalog.operations()),
  }),
  defineRoute({
    method: 'GET',
    path: A2A_BASE_PATH,
    operationId: 'getA2aInterface',
    summary: 'The A2A interface (HTTP+JSON binding, A2A 1.0): what it serves',
    responds: { body: InterfaceResponseSchema },
    handle: ({ request }, arena) => {
      const base = arena.baseUrlOf(request);
      return {
        protocolBinding: A2A_BINDING,
        protocolVersion: A2A_PROTOCOL_VERSION,
        agentCard: `${base}/.well-known/agent-card.json`,
        operations: [
          { name: 'SendMessage', method: 'POST', url: `${base}${SEND_PATH}` },
          { name: 'GetTask', method: 'GET', url: `${base}${A2A_BASE_PATH}/tasks/{id}` },
        ],
        note: `${NOT_KEPT} GetTask answers TASK_NOT_FOUND for every id; there is nothing to list, cancel or subscribe to.`,
      };
    },
  }),
  defineRoute({
    method: 'POST',
    // itty-router reads `:send` as a parameter, so this route also receives `message:stream`
    // and the like; the handler answers those itself.
    path: SEND_PATH,
    operationId: 'sendA2aMessage',
    summary: 'A2A SendMessage: orientation, or one of the agent card’s skills (a data part naming it, or a Packet Run tape); answers a completed task',
    responds: {
      type: A2A_MEDIA_TYPE,
      description: 'A SendMessageResponse `{ task }`, completed (or rejected, with the route’s problem document in its status message)',
      body: SendMessageResponseSchema,
      others: [
        refusal(
          400,
          'An A2A error: INVALID_PARAMS (the body is not JSON or not a valid SendMessageRequest), UNSUPPORTED_OPERATION, VERSION_NOT_SUPPORTED or PUSH_NOTIFICATION_NOT_SUPPORTED',
        ),
        refusal(413, `An A2A error: request bodies are limited to ${MAX_BODY_BYTES} bytes`),
        refusal(415, 'An A2A error: CONTENT_TYPE_NOT_SUPPORTED (a Content-Type that is not JSON, a file part, or acceptedOutputModes naming neither JSON nor text)'),
      ],
    },
    protocolBody: {
      description: `A SendMessageRequest as JSON, at most ${MAX_BODY_BYTES} bytes, with an optional \`A2A-Version: 1.0\` header; refusals are A2A errors.`,
      types: ['application/json', A2A_MEDIA_TYPE],
      schema: SendMessageRequestSchema,
    },
    handle: ({ request, url, connection }, arena) => answer(() => sendMessage(arena, { request, connection, dispatch, basePath: arena.basePath }, catalog, url.pathname)),
  }),
  defineRoute({
    method: 'GET',
    path: `${A2A_BASE_PATH}/tasks/:id`,
    operationId: 'getA2aTask',
    summary: 'A2A GetTask: no task is kept, so none is found (every task is answered whole in the answer to its message)',
    responds: {
      status: 404,
      type: A2A_MEDIA_TYPE,
      description: 'An A2A error `{ error }` with reason TASK_NOT_FOUND, for every id: tasks are not kept',
      body: A2AErrorResponseSchema,
    },
    handle: ({ params }) => a2aErrorResponse(new A2AError('taskNotFound', `task ${params.id} is not kept: ${NOT_KEPT}`)),
  }),
];

/** The arena's refusals that A2A answers in its own shape (their headers kept). */
const A2A_KIND_OF: Partial<Record<ProblemSlug, A2AErrorKind>> = { 'payload-too-large': 'payloadTooLarge' };

/** A2A refusals and a body past the limit, answered in A2A's error shape; anything else (a bug, an outage) goes on to the router. */
async function answer(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof A2AError) return a2aErrorResponse(error);
    const kind = error instanceof HttpError ? A2A_KIND_OF[error.slug] : undefined;
    if (!kind) throw error;
    const response = a2aErrorResponse(new A2AError(kind, (error as HttpError).detail));
    for (const [name, value] of Object.entries((error as HttpError).extra.headers ?? {})) response.headers.set(name, value);
    return response;
  }
}

async function sendMessage(arena: ArenaContext, caller: Caller, catalog: RemoteCatalog, pathname: string): Promise<Response> {
  const sendPath = `${arena.basePath}${SEND_PATH}`;
  if (pathname !== sendPath) {
    const streaming = pathname === `${arena.basePath}${A2A_BASE_PATH}/message:stream`;
    throw new A2AError(
      'unsupportedOperation',
      streaming ? 'streaming is not supported (capabilities.streaming is false): use message:send' : `${pathname} is not an A2A operation here; use ${sendPath}`,
    );
  }
  checkVersion(caller.request.headers.get(A2A_VERSION_HEADER));
  checkMediaType(caller.request.headers.get('content-type'));
  const request = parseSendRequest(parseJson(await readBoundedText(caller.request)));
  const modes = answerModes(request.acceptedOutputModes);
  const intent = intentOf(request.message.parts);
  const outcome =
    'arguments' in intent && intent.skill !== 'orientation' ? await operationSkill(arena, caller, skillOf(catalog, intent.skill), intent.arguments) : await orientation(caller);
  return a2aJson({ task: finishedTask(arena, request, modes, outcome) });
}

/** The operation a skill id names, or INVALID_PARAMS naming the skills there are. */
function skillOf(catalog: RemoteCatalog, id: string): AgentOperation {
  const operation = catalog.operations().find((candidate) => candidate.tool.name === id);
  if (operation) return operation;
  throw new A2AError(
    'invalidParams',
    `there is no skill ${JSON.stringify(id.slice(0, 80))}; the agent card lists them: orientation, ${catalog
      .operations()
      .map((o) => o.tool.name)
      .join(', ')}`,
    [{ field: 'skill', description: 'must be the id of one of the agent card’s skills' }],
  );
}

/** `A2A-Version`: absent is taken as 1.0 (this agent's only version); any other major is refused. */
function checkVersion(header: string | null): void {
  const requested = header?.trim();
  if (!requested || /^1(\.\d+)?$/.test(requested)) return;
  throw new A2AError('versionNotSupported', `A2A version ${requested} is not supported; this agent speaks ${A2A_PROTOCOL_VERSION}`);
}

function checkMediaType(header: string | null): void {
  const essence = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(essence)) return;
  throw new A2AError('contentTypeNotSupported', `send the SendMessageRequest as application/json or application/a2a+json, not ${header ?? 'no content type'}`);
}

function parseJson(text: string): unknown {
  if (text.trim() === '') throw new A2AError('invalidParams', 'the body is empty: send a SendMessageRequest JSON object');
  if (nestsDeeperThan(text)) throw new A2AError('invalidParams', tooDeep().detail);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new A2AError('invalidParams', `the body is not valid JSON: ${(error as Error).message}`);
  }
}
