/**
 * Outages are not bugs. A dialect wrapped here reports an error that means "the database
 * cannot be reached or is too busy now" (as the dialect's `isOutage` recognises its driver's
 * errors) as the core's `StorageUnavailableError`, which the arena answers with 503 and
 * `Retry-After`; every other error passes through unchanged.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { StorageUnavailableError } from '../../core/store/errors.ts';

/** Whether a driver error is an outage (connection refused or lost, database busy or shutting down). */
export type OutageTest = (error: unknown) => boolean;

export function withOutageDetection(dialect: Dialect, isOutage: OutageTest): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new OutageAwareDriver(dialect.createDriver(), isOutage),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

class OutageAwareDriver implements Driver {
  /** Each connection handed out, and the driver's own under it (which the driver must get back). */
  readonly #inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly driver: Driver,
    private readonly isOutage: OutageTest,
  ) {}

  init(): Promise<void> {
    return this.guard(() => this.driver.init());
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.guard(() => this.driver.acquireConnection());
    const wrapped: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery) => this.guard(() => connection.executeQuery<R>(query)),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => this.guardStream(connection.streamQuery<R>(query, chunkSize)),
    };
    this.#inner.set(wrapped, connection);
    return wrapped;
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.guard(() => this.driver.beginTransaction(this.unwrap(connection), settings));
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.driver.commitTransaction(this.unwrap(connection)));
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.driver.rollbackTransaction(this.unwrap(connection)));
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(this.unwrap(connection));
  }
  destroy(): Promise<void> {
    return this.driver.destroy();
  }

  private unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.#inner.get(connection) ?? connection;
  }

  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.named(error);
    }
  }

  private async *guardStream<R>(rows: AsyncIterableIterator<QueryResult<R>>): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* rows;
    } catch (error) {
      throw this.named(error);
    }
  }

  private named(error: unknown): unknown {
    if (error instanceof StorageUnavailableError || !this.isOutage(error)) return error;
    return new StorageUnavailableError(`the database is unavailable: ${messageOf(error)}`, { cause: error });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Node's network errors: the server is down, unreachable, or dropped the connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL (`pg`): a network error; SQLSTATE class 08 (connection exception), 57P01-57P03 (the
 * server is shutting down, crashed or starting) or class 53 (too many connections, disk full,
 * out of memory); or `pg`'s own words for a lost connection or a connect timeout.
 */
export function isPostgresOutage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code.startsWith('53'))) return true;
  return /Connection terminated|connection error|timeout exceeded when trying to connect|not queryable/i.test(messageOf(error));
}

/** SQLite's result codes that mean "not now": busy, locked, I/O error, disk full, cannot open. */
const SQLITE_OUTAGES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_CANTOPEN']);
const SQLITE_OUTAGE_NUMBERS = new Set([5, 6, 10, 13, 14]);

/**
 * SQLite (better-sqlite3 and bun:sqlite name the code, as `SQLITE_BUSY` or an extended
 * `SQLITE_IOERR_WRITE`; node:sqlite gives the number as `errcode`): busy past its timeout,
 * locked, an I/O error, a full disk, a file it cannot open.
 */
export function isSqliteOutage(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return SQLITE_OUTAGES.has(code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1'));
  if (typeof errcode === 'number') return SQLITE_OUTAGE_NUMBERS.has(errcode & 0xff);
  // Deno's node:sqlite names neither: SQLite's own words for the same conditions.
  return isSqliteBusy(error) || /^(disk I\/O error|database or disk is full|unable to open database file)/.test(messageOf(error));
}

/**
 * SQLite's "another connection is writing" (busy or locked): by name, by number, or (Deno's
 * node:sqlite, whose error has neither) by SQLite's own words.
 */
export function isSqliteBusy(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  if (typeof errcode === 'number') return [5, 6].includes(errcode & 0xff);
  return /^database (table )?is locked/.test(messageOf(error));
}

/**
 * D1: the errors Cloudflare documents as transient (a lost network connection, a reset or
 * overloaded database, a storage timeout), and SQLite's own busy and locked as D1 relays them.
 */
export function isD1Outage(error: unknown): boolean {
  return /Network connection lost|overloaded|object to be reset|reset because|transient issue|exceeded timeout|Too many requests|SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(
    messageOf(error),
  );
}
