/**
 * `agent-arena/client`: a typed client of every operation of the arena, on nothing but `fetch`
 * (Node 20+, Bun, Deno, Workers and browsers). Each operation is a method named by its
 * operationId, typed from the route's own schemas; a refusal is thrown as an
 * `ArenaProblemError`; a durable write carries an Idempotency-Key and is sent again, with the
 * same key and body, when its answer was lost or the arena asked to retry.
 *
 *     const arena = createArenaClient({ baseUrl: 'http://localhost:8787' });
 *     const run = await arena.playPacketRun({ query: { actions: 'UURRDD' } });
 */
import { ArenaProblemError, ArenaUnreachableError, type ArenaProblem } from './errors.ts';
import { followedEvents, type ArenaEvent } from './events.ts';
import { OPERATIONS } from './operations.ts';
import { retrying, type RetryPolicy } from './retry.ts';
import type { CallOptions, OperationAnswer, OperationArguments, OperationId, OperationMethods } from './types.ts';

export { ArenaProblemError, ArenaUnreachableError, type ArenaFieldError, type ArenaProblem } from './errors.ts';
export type { ArenaEvent } from './events.ts';
export { OPERATIONS, type ArenaOperations, type ArenaProblemSlug } from './operations.ts';
export type { RetryPolicy } from './retry.ts';
export type { CallOptions, OperationAnswer, OperationArguments, OperationId, OperationInput, OperationMethods } from './types.ts';

/** A `fetch`: the runtime's own by default, or one that adds tracing, a proxy, a test's faults. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface ArenaClientOptions {
  /** Where the arena is: `https://arena.example`, or a prefix it is served under. */
  baseUrl: string;
  /** The arena key (`arena_…`) that `joinLeague` returned, sent to the operations that take one. */
  apiKey?: string;
  /** The operator's token, sent to the operator's operations only. */
  operatorToken?: string;
  fetch?: Fetch;
  /** Headers sent with every call (a `User-Agent` where the runtime lets you, say). */
  headers?: Record<string, string>;
  retry?: Partial<RetryPolicy>;
}

/** The client: a method per operation, and `call` for an operation named at run time. */
export type ArenaClient = OperationMethods & {
  call<K extends OperationId>(operationId: K, ...input: OperationArguments<K>): Promise<OperationAnswer<K>>;
};

/** What the client asks for: JSON, else the text a route answers, and problem documents. */
const ACCEPT = 'application/json, application/problem+json;q=0.9, */*;q=0.5';

interface Input extends CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  params?: Record<string, string | number>;
  apiKey?: string;
  operatorToken?: string;
  idempotencyKey?: string;
}

export function createArenaClient(options: ArenaClientOptions): ArenaClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const policy: RetryPolicy = { attempts: 3, maxWaitSeconds: 10, ...options.retry };

  async function call(operationId: OperationId, input: Input = {}): Promise<unknown> {
    const operation: { method: string; path: string; auth?: string; durable?: true; protocol?: true; stream?: true } = OPERATIONS[operationId];
    if (!operation) throw new TypeError(`the arena has no operation ${String(operationId)}`);
    const url = `${base}${pathOf(operation.path, input.params)}${queryOf(input.query)}`;
    const headers = new Headers({ accept: ACCEPT, ...options.headers, ...input.headers });
    const credential = operation.auth === 'operator' ? (input.operatorToken ?? options.operatorToken) : operation.auth ? (input.apiKey ?? options.apiKey) : undefined;
    if (credential !== undefined) headers.set('authorization', `Bearer ${credential}`);
    if (operation.durable) headers.set('idempotency-key', input.idempotencyKey ?? `arena-client-${crypto.randomUUID()}`);
    const hasBody = input.body !== undefined;
    if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const init: RequestInit = { method: operation.method, headers, ...(hasBody ? { body: JSON.stringify(input.body) } : {}), ...(input.signal ? { signal: input.signal } : {}) };
    // A read is safe to send again, and a durable write is answered once per key; other writes
    // (a State Forge compile, an MCP message) are sent once.
    const safe = operation.method === 'GET' || operation.durable === true;
    const sent = (to: string, request: RequestInit) =>
      retrying(policy, safe ? policy.attempts : 1, input.signal, () => send(to, request)).catch((error: unknown) => {
        throw input.signal?.aborted ? error : new ArenaUnreachableError(operationId, safe ? policy.attempts : 1, to, error);
      });
    if (operation.stream) return following(operationId, url, init, sent);
    return read(operationId, operation.method, await sent(url, init), new URL(url).pathname);
  }

  /** An event stream, read as NDJSON: refused now with its problem, else followed across reconnections. */
  async function following(
    operationId: OperationId,
    url: string,
    init: RequestInit,
    sent: (url: string, init: RequestInit) => Promise<Response>,
  ): Promise<AsyncIterable<ArenaEvent>> {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/x-ndjson, application/problem+json;q=0.9');
    const connect = async (to: string, extra: Record<string, string> = {}) => {
      const answer = await sent(to, { ...init, headers: new Headers([...headers, ...Object.entries(extra)]) });
      if (!answer.ok) await read(operationId, 'GET', answer, new URL(to).pathname);
      return answer;
    };
    const first = await connect(url);
    return followedEvents(first, (after) => connect(url, { 'last-event-id': String(after) }), init.signal ?? undefined);
  }

  const methods = Object.fromEntries(Object.keys(OPERATIONS).map((operationId) => [operationId, (input?: Input) => call(operationId as OperationId, input)]));
  return { ...methods, call: (operationId: OperationId, input?: Input) => call(operationId, input) } as unknown as ArenaClient;
}

/** The path with its parameters (`/:id`) filled in, each encoded as one segment. */
function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${path} needs params.${name}`);
    return `/${encodeURIComponent(String(value))}`;
  });
}

function queryOf(query: Input['query'] = {}): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}`;
}

/** The answer's JSON or text; a refusal thrown as the problem it is. */
async function read(operationId: string, method: string, answer: Response, pathname: string): Promise<unknown> {
  const type = answer.headers.get('content-type') ?? '';
  const json = /^application\/([\w.-]+\+)?json\b/i.test(type);
  const text = await answer.text();
  const parsed = json && text !== '' ? parseJson(text) : text;
  if (answer.ok) return answer.status === 204 ? undefined : parsed;
  const problem: ArenaProblem =
    isProblem(parsed) && /problem\+json/i.test(type)
      ? parsed
      : // Not the arena's problem document: its status and what it said, as one.
        {
          type: 'about:blank',
          title: answer.statusText || `HTTP ${answer.status}`,
          status: answer.status,
          detail: typeof parsed === 'string' ? parsed.slice(0, 500) : JSON.stringify(parsed).slice(0, 500),
          body: parsed,
        };
  throw new ArenaProblemError(operationId, problem, { headers: answer.headers, method, pathname });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isProblem(value: unknown): value is ArenaProblem {
  const candidate = value as Partial<ArenaProblem> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.type === 'string' && typeof candidate.title === 'string' && typeof candidate.status === 'number';
}
