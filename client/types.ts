import type { ArenaEvent } from './events.ts';
import type { ArenaOperations, OPERATIONS } from './operations.ts';

/** An operation of the arena, by its operationId (`playPacketRun`, `joinLeague`, `submitLeagueAttempt`, …). */
export type OperationId = keyof typeof OPERATIONS & keyof ArenaOperations;

type Entry<K extends OperationId> = (typeof OPERATIONS)[K];
type Contract<K extends OperationId> = ArenaOperations[K];

/** The names of a path's parameters, whole segments: `/api/rules/:number/review` has `number`, `/a2a/v1/message:send` none. */
type ParamNames<P extends string> = P extends `${string}/:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}/:${infer Name}` ? Name : never;

/** A query as sent: every value is text on the wire, so a number may stand for a text one (`limit: 5`). */
type QueryInput<Q> = { [K in keyof Q]: string extends Q[K] ? Q[K] | number : Q[K] };

/** The members of T that must be given. */
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

type QueryPart<Q> = [Q] extends [undefined] ? {} : [RequiredKeys<Q>] extends [never] ? { query?: QueryInput<Q> } : { query: QueryInput<Q> };
type BodyPart<K extends OperationId> = Entry<K> extends { protocol: true } ? { body: unknown } : [Contract<K>['body']] extends [undefined] ? {} : { body: Contract<K>['body'] };
type ParamsPart<P extends string> = [ParamNames<P>] extends [never] ? {} : { params: { [Name in ParamNames<P>]: string | number } };
type KeyPart<K extends OperationId> =
  Entry<K> extends { auth: 'agent' | 'optional-agent' }
    ? {
        /** The arena key for this call, in place of the client's. */
        apiKey?: string;
      }
    : Entry<K> extends { auth: 'operator' }
      ? {
          /** The operator's token for this call, in place of the client's. */
          operatorToken?: string;
        }
      : {};
type DurablePart<K extends OperationId> =
  Entry<K> extends { durable: true }
    ? {
        /**
         * The write's Idempotency-Key: a random one when not given. Give your own to finish, in
         * another process, a write whose answer was lost: the arena answers a key once.
         */
        idempotencyKey?: string;
      }
    : {};

/** What every call may add. */
export interface CallOptions {
  /** Aborts the call, and any retry it is waiting for. */
  signal?: AbortSignal;
  /** Headers to send besides the client's (the MCP endpoint's `Accept`, say). */
  headers?: Record<string, string>;
}

/** What a call of operation K takes: its query, body and path parameters as its route defines them, and options. */
export type OperationInput<K extends OperationId> = QueryPart<Contract<K>['query']> & BodyPart<K> & ParamsPart<Entry<K>['path']> & KeyPart<K> & DurablePart<K> & CallOptions;

/** The arguments of a call: the input may be left out when nothing in it is required. */
export type OperationArguments<K extends OperationId> = [RequiredKeys<OperationInput<K>>] extends [never] ? [input?: OperationInput<K>] : [input: OperationInput<K>];

/**
 * What operation K answers: its JSON as the route's response schema reads it, text where the
 * route answers text, or the events of a stream, followed across reconnections.
 */
export type OperationAnswer<K extends OperationId> = Entry<K> extends { stream: true } ? AsyncIterable<ArenaEvent> : Contract<K>['response'];

/** A call of each operation, by its operationId. */
export type OperationMethods = { readonly [K in OperationId]: (...input: OperationArguments<K>) => Promise<OperationAnswer<K>> };
