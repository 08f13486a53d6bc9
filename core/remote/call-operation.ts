import type { ArenaContext } from '../context.ts';
import { callRoute, type Caller, type RouteCall } from './call-route.ts';
import { derivedIdempotencyKey } from './derived-key.ts';
import { IDEMPOTENCY_ARGUMENT, type AgentOperation } from './operations.ts';
import { outline } from './outline.ts';

/** Past this many characters of JSON, an answer's text is a summary instead of the answer. */
export const LARGE_ANSWER_CHARACTERS = 4096;

/** A route's answer to an agent operation, ready for a bridge to present. */
export interface OperationAnswer {
  status: number;
  /** The route's JSON: the result, or a problem document. */
  body: Record<string, unknown>;
  /** For a model to read: the JSON itself, or a summary of a large result. */
  text: string;
  /** Where a large result can be read again (an absolute URL of a public read), when there is one. */
  link?: string;
}

/**
 * Calls an operation's route for `caller` with already validated arguments. A durable write sent
 * without an idempotency key gets one derived from the call, so a retry is answered once.
 */
export async function callOperation(arena: ArenaContext, caller: Caller, operation: AgentOperation, args: Record<string, unknown>): Promise<OperationAnswer> {
  const call = operation.toCall(args);
  if (operation.route.durable && args[IDEMPOTENCY_ARGUMENT] === undefined) {
    call.headers = { ...call.headers, 'idempotency-key': derivedIdempotencyKey(arena.secret, caller, operation.tool.name, args) };
  }
  const { status, body } = await callRoute(caller, call);
  const whole = JSON.stringify(body);
  if (status >= 300 || whole.length <= LARGE_ANSWER_CHARACTERS) return { status, body, text: whole };
  const summary = operation.tool.summarise?.(body) ?? outline(body);
  const path = operation.tool.link?.(body) ?? (call.method === 'GET' ? pathOf(call) : undefined);
  const link = path === undefined ? undefined : `${arena.baseUrlOf(caller.request)}${path}`;
  return {
    status,
    body,
    text: `${summary} (The whole answer, ${whole.length} characters, is the structured content${link ? `, and can be read again at ${link}` : ''}.)`,
    ...(link ? { link } : {}),
  };
}

function pathOf(call: RouteCall): string {
  const query = new URLSearchParams(Object.entries(call.query ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]]))).toString();
  return query ? `${call.path}?${query}` : call.path;
}
