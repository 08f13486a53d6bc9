/**
 * What the typed client's generated types (client/operations.ts) are made from: each
 * route's own types, as `defineRoute` keeps them, read from the route table and flattened into
 * plain JSON-shaped types that name nothing of the core. test/client/operations.test.ts has the
 * compiler print `operations` below and writes its type into that file.
 */
import type * as v from 'valibot';
import type { arenaRoutes } from '../../core/route-table.ts';

type Routes = ReturnType<typeof arenaRoutes>[number];
type TypesOf<R> = R extends { readonly '~types'?: infer T } ? Exclude<T, undefined> : never;
type In<S> = S extends v.GenericSchema ? v.InferInput<S> : undefined;
/** A route with no response schema answers text (Markdown, HTML, Atom, Prometheus). */
type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : string;

/** A type spelled out: objects and arrays rebuilt, so the compiler prints their members, not valibot's names. */
type Plain<T> = unknown extends T
  ? unknown
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer E)[]
      ? Plain<E>[]
      : { [K in keyof T]: Plain<T[K]> };

/**
 * Every route's operationId is a literal. One typed as plain `string` (a route factory taking
 * `operationId: string`) would fold every operation's types into one union, silently; this
 * fails the typecheck instead, saying why.
 */
type EveryOperationIdIsLiteral = string extends Routes['operationId']
  ? 'a route of the table has an operationId typed as string: make its factory generic (<O extends string>)'
  : true;
export const everyOperationIdIsLiteral: EveryOperationIdIsLiteral = true;

/** Each operation by its operationId: its query and body as sent, and its answer as read. */
export type RouteContracts = {
  [K in Routes['operationId']]: TypesOf<Extract<Routes, { operationId: K }>> extends { query: infer Q; body: infer B; response: infer R }
    ? { query: Plain<In<Q>>; body: Plain<In<B>>; response: Plain<Out<R>> }
    : never;
};

declare function spelledOut<T>(): { [K in keyof T]: T[K] };

/** Printed by the compiler's declaration emit, with every member's type written out. */
export const operations = spelledOut<RouteContracts>();
