/**
 * Cloudflare D1 as a Kysely dialect. D1 runs one statement at a time and has no interactive
 * transactions, which the store never needs (its atomic writes are single statements); asking
 * for one fails loudly instead of silently running without it.
 */
import {
  type CompiledQuery,
  SqliteAdapter,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { D1Introspector } from './d1-introspector.ts';
import { isD1Outage, withOutageDetection } from './outages.ts';

/** The part of a D1 binding this needs. */
export interface D1DatabaseLike {
  prepare(sql: string): D1StatementLike;
}

export interface D1StatementLike {
  bind(...values: unknown[]): D1StatementLike;
  all(): Promise<{ results?: unknown[]; meta?: { changes?: number; last_row_id?: number } }>;
}

/** Kysely's SQLite adapter and compiler over a D1 binding, with an introspector D1 permits, its outages named. */
export function createD1Dialect(database: D1DatabaseLike): Dialect {
  return withOutageDetection(
    {
      createAdapter: (): DialectAdapter => new SqliteAdapter(),
      createDriver: (): Driver => new D1Driver(database),
      createQueryCompiler: (): QueryCompiler => new SqliteQueryCompiler(),
      createIntrospector: (db: Kysely<any>): DatabaseIntrospector => new D1Introspector(db),
    },
    isD1Outage,
  );
}

const NO_TRANSACTIONS = 'D1 has no interactive transactions: write one statement (or use the binding’s batch()) instead';

class D1Driver implements Driver {
  readonly #connection: D1Connection;

  constructor(database: D1DatabaseLike) {
    this.#connection = new D1Connection(database);
  }

  async init(): Promise<void> {}
  // Stateless: every statement goes to the binding on its own, so callers need not queue.
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error(NO_TRANSACTIONS);
  }
  async commitTransaction(): Promise<void> {
    throw new Error(NO_TRANSACTIONS);
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error(NO_TRANSACTIONS);
  }
  async releaseConnection(): Promise<void> {}
  // The binding belongs to the Worker's environment; there is nothing to close.
  async destroy(): Promise<void> {}
}

class D1Connection implements DatabaseConnection {
  readonly #database: D1DatabaseLike;

  constructor(database: D1DatabaseLike) {
    this.#database = database;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { results, meta } = await this.#database
      .prepare(query.sql)
      .bind(...query.parameters)
      .all();
    return {
      rows: (results ?? []) as R[],
      // D1 counts rows that triggers changed too; the store relies on RETURNING, never on this.
      numAffectedRows: meta?.changes === undefined ? undefined : BigInt(meta.changes),
      insertId: meta?.last_row_id === undefined ? undefined : BigInt(meta.last_row_id),
    };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}
