/**
 * PGlite (PostgreSQL in WebAssembly) as a Kysely dialect: one connection, so queries and
 * transactions are queued through a mutex, as Kysely's own SQLite driver does.
 */
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from './mutex.ts';
import { isPostgresOutage, withOutageDetection } from './outages.ts';

/** The part of a PGlite instance this needs. */
export interface PGliteLike {
  query<T>(sql: string, parameters?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  close(): Promise<void>;
}

/** Kysely's PostgreSQL adapter, compiler and introspector over a PGlite instance (closed on destroy). */
export function createPGliteDialect(client: PGliteLike): Dialect {
  return withOutageDetection(
    {
      createAdapter: (): DialectAdapter => new PostgresAdapter(),
      createDriver: (): Driver => new PGliteDriver(client),
      createQueryCompiler: (): QueryCompiler => new PostgresQueryCompiler(),
      createIntrospector: (db: Kysely<any>): DatabaseIntrospector => new PostgresIntrospector(db),
    },
    isPostgresOutage,
  );
}

class PGliteDriver implements Driver {
  readonly #client: PGliteLike;
  readonly #connection: PGliteConnection;
  readonly #mutex = new Mutex();

  constructor(client: PGliteLike) {
    this.#client = client;
    this.#connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const access = settings.accessMode ? ` ${settings.accessMode}` : '';
    await connection.executeQuery(CompiledQuery.raw(`start transaction${isolation}${access}`));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }
  async destroy(): Promise<void> {
    await this.#client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGliteLike;

  constructor(client: PGliteLike) {
    this.#client = client;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.#client.query<R>(query.sql, [...query.parameters]);
    return { rows, numAffectedRows: affectedRows === undefined ? undefined : BigInt(affectedRows) };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}
