import type { ArenaContext } from '../../context.ts';
import { defineRoute, type Dispatch } from '../../http/route.ts';
import { MAX_BODY_BYTES } from '../../http/json-body.ts';
import { nestsDeeperThan, tooDeep } from '../../http/json-depth.ts';
import { HttpError, type ProblemSlug } from '../../http/problem.ts';
import { chargeAnonymousWrite } from '../../http/rate-limit.ts';
import { readBoundedText } from '../bounded-body.ts';
import type { Caller } from '../call-route.ts';
import type { RemoteCatalog } from '../catalog.ts';
import type { AgentOperation } from '../operations.ts';
import { agentCard } from './agent-card.ts';
import { A2A_BASE_PATH, A2A_BINDING, A2A_MEDIA_TYPE, A2A_PROTOCOL_VERSION, A2A_VERSION_HEADER, a2aJson } from './binding.ts';
import { A2AError, a2aErrorResponse, type A2AErrorKind } from './errors.ts';
import { intentOf } from './intent.ts';
import { A2AErrorResponseSchema, A2ATaskSchema, AgentCardResponseSchema, InterfaceResponseSchema, SendMessageResponseSchema } from './responses.ts';
import { parseSendRequest, SendMessageRequestSchema } from './send-request.ts';
import { operationSkill, orientation } from './skills.ts';
import { answerModes, finishedTask, keepTask, TASK_KEPT_DAYS } from './task.ts';
import { purgeNowAndThen } from '../../http/housekeeping.ts';

const SEND_PATH = `${A2A_BASE_PATH}/message:send`;

/** An A2A refusal of a message, by status. */
const refusal = (status: number, description: string) => ({ status, description, type: A2A_MEDIA_TYPE, body: A2AErrorResponseSchema });

/**
 * The A2A agent card, the interface's own address, `message:send`, and the tasks it answered
 * with, kept `TASK_KEPT_DAYS`.
 * Skills are the catalog's operations, calling the arena's routes through `dispatch`.
 */
export const a2aRoutes = (dispatch: Dispatch, catalog: RemoteCatalog) => [
  defineRoute({
    method: 'GET',
    path: '/.well-known/agent-card.json',
    operationId: 'getAgentCard',
    summary: 'The A2A v1.0 agent card: one HTTP+JSON interface at /a2a/v1; orientation, and a skill for every agent operation (the MCP tools)',
    responds: { body: AgentCardResponseSchema },
    handle: ({ request }, arena) => agentCard(arena.originOf(request), catalog.operations()),
  }),
  defineRoute({
    method: 'GET',
    path: A2A_BASE_PATH,
    operationId: 'getA2aInterface',
    summary: 'The A2A interface (HTTP+JSON binding, A2A 1.0): what it serves',
    responds: { body: InterfaceResponseSchema },
    handle: ({ request }, arena) => {
      const origin = arena.originOf(request);
      return {
        protocolBinding: A2A_BINDING,
        protocolVersion: A2A_PROTOCOL_VERSION,
        agentCard: `${origin}/.well-known/agent-card.json`,
        operations: [
          { name: 'SendMessage', method: 'POST', url: `${origin}${SEND_PATH}` },
          { name: 'GetTask', method: 'GET', url: `${origin}${A2A_BASE_PATH}/tasks/{id}` },
        ],
        note: `Every task is completed in the answer to its message, and can be read back for ${TASK_KEPT_DAYS} days (without the message that asked for it); there is nothing to list, cancel or subscribe to.`,
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
        refusal(
          415,
          'An A2A error: CONTENT_TYPE_NOT_SUPPORTED (a Content-Type that is not JSON, a file part, or acceptedOutputModes naming neither JSON nor text)',
        ),
        refusal(429, 'An A2A error: RATE_LIMITED, with `Retry-After`: a kept task counts against the client’s hourly budget of anonymous durable writes'),
      ],
    },
    protocolBody: {
      description: `A SendMessageRequest as JSON, at most ${MAX_BODY_BYTES} bytes, with an optional \`A2A-Version: 1.0\` header; refusals are A2A errors.`,
      types: ['application/json', A2A_MEDIA_TYPE],
      schema: SendMessageRequestSchema,
    },
    handle: ({ request, url, connection }, arena) => answer(() => sendMessage(arena, { request, connection, dispatch }, catalog, url.pathname)),
  }),
  defineRoute({
    method: 'GET',
    path: `${A2A_BASE_PATH}/tasks/:id`,
    operationId: 'getA2aTask',
    summary: `A2A GetTask: a task message:send answered with, for ${TASK_KEPT_DAYS} days after`,
    responds: {
      type: A2A_MEDIA_TYPE,
      description: 'The A2A Task as it was answered, without the client’s message (`history`)',
      body: A2ATaskSchema,
      others: [refusal(404, 'An A2A error `{ error }` with reason TASK_NOT_FOUND: no task has this id, or it has expired')],
    },
    handle: async ({ params }, arena) => {
      const task = await arena.store.findTask(params.id!, arena.now());
      if (task === undefined) {
        return a2aErrorResponse(new A2AError('taskNotFound', `there is no task ${params.id}: tasks are kept ${TASK_KEPT_DAYS} days after their message was answered`));
      }
      return a2aJson(JSON.parse(task));
    },
  }),
];

/** The arena's refusals that A2A answers in its own shape (their headers, such as Retry-After, kept). */
const A2A_KIND_OF: Partial<Record<ProblemSlug, A2AErrorKind>> = { 'payload-too-large': 'payloadTooLarge', 'rate-limited': 'rateLimited' };

/** A2A refusals, a body past the limit and a spent budget, answered in A2A's error shape; anything else (a bug, an outage) goes on to the router. */
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
  if (pathname !== SEND_PATH) {
    const streaming = pathname === `${A2A_BASE_PATH}/message:stream`;
    throw new A2AError('unsupportedOperation', streaming ? 'streaming is not supported (capabilities.streaming is false): use message:send' : `${pathname} is not an A2A operation here; use ${SEND_PATH}`);
  }
  checkVersion(caller.request.headers.get(A2A_VERSION_HEADER));
  checkMediaType(caller.request.headers.get('content-type'));
  const request = parseSendRequest(parseJson(await readBoundedText(caller.request)));
  const modes = answerModes(request.acceptedOutputModes);
  // The task will be kept: an anonymous durable write, counted before any work is done.
  await chargeAnonymousWrite(arena, caller.connection.clientAddress);
  const intent = intentOf(request.message.parts);
  const outcome = 'arguments' in intent && intent.skill !== 'orientation' ? await operationSkill(arena, caller, skillOf(catalog, intent.skill), intent.arguments) : await orientation(caller);
  const task = finishedTask(arena, request, modes, outcome);
  await keepTask(arena, task, outcome);
  await purgeNowAndThen(arena);
  return a2aJson({ task });
}

/** The operation a skill id names, or INVALID_PARAMS naming the skills there are. */
function skillOf(catalog: RemoteCatalog, id: string): AgentOperation {
  const operation = catalog.operations().find((candidate) => candidate.tool.name === id);
  if (operation) return operation;
  throw new A2AError('invalidParams', `there is no skill ${JSON.stringify(id.slice(0, 80))}; the agent card lists them: orientation, ${catalog.operations().map((o) => o.tool.name).join(', ')}`, [
    { field: 'skill', description: 'must be the id of one of the agent card’s skills' },
  ]);
}

/** `A2A-Version`: absent is taken as 1.0 (this agent's only version); any other major is refused. */
function checkVersion(header: string | null): void {
  const requested = header?.trim();
  if (!requested || /^1(\.\d+)?$/.test(requested)) return;
  throw new A2AError('versionNotSupported', `A2A version ${requested} is not supported; this agent speaks ${A2A_PROTOCOL_VERSION}`);
}

function checkMediaType(header: string | null): void {
  const essence = header?.split(';')[0]!.trim().toLowerCase() ?? '';
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
