/**
 * SQLite with commits shared by the writes in flight together. A commit costs more than most
 * statements (its pages are appended to the WAL, and every thousand pages a checkpoint flushes
 * the disk), and the writes of concurrent requests touch the same pages (each index's last
 * leaf, the counters, the events), so committing them one by one writes those pages again and
 * again. Here a write opens a transaction (`BEGIN IMMEDIATE`: the write lock at once, waited
 * for under the busy timeout), every statement that comes before the current turn of the event
 * loop ends joins it, and one COMMIT ends it.
 *
 * Nothing is acknowledged before it is durable: a statement's caller hears of its result only
 * once the commit that holds it has succeeded, and of the commit's failure otherwise. A read
 * made once a transaction has begun joins it too, since it may see the others' writes. A
 * statement that fails is undone alone (SQLite's statement rollback), unless SQLite gave up the
 * whole transaction, in which case every statement in it fails. Anything but a read or a write
 * (a pragma, DDL) runs on its own, after the open transaction is committed.
 *
 * The write lock is waited for without blocking the event loop: SQLite's busy timeout would
 * stop the thread, and with it the very connection of this process that holds the lock and
 * would commit once this turn ends. `BEGIN IMMEDIATE` is tried with no busy timeout and tried
 * again after a pause, up to the connection's busy timeout; past it, the busy error stands.
 *
 * Kysely's own SQLite driver takes its one connection for each query, which would keep a second
 * query out until the first's commit; here an explicit transaction is what takes the database
 * alone (it is made to wait for the open shared one, and the others wait for it).
 */
import {
  type CompiledQuery,
  DeleteQueryNode,
  InsertQueryNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  UpdateQueryNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { isSqliteBusy } from './outages.ts';

/** What the dialect needs of the client: Kysely's `SqliteDatabase` shape plus `exec`. */
export interface SharedCommitClient extends SqliteDatabase {
  exec(sql: string): unknown;
}

/** `busyTimeoutMs`: how long a write waits for another connection's (the connection's `busy_timeout`). */
export function sharedCommitDialect(database: SharedCommitClient, busyTimeoutMs: number): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new SharedCommitDriver(database, busyTimeoutMs),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}

/** One shared transaction: its statements run once it has `begun`, and wait for `committed`. */
interface Shared {
  /** Whether BEGIN has succeeded: from then on, every statement on the connection is in it. */
  started: boolean;
  begun: Promise<void>;
  committed: Promise<void>;
  /** Ends it: COMMIT, or ROLLBACK with `failure`. */
  settle(failure?: unknown): void;
}

/** Runs `task` once the current turn of the event loop is done (Node, Bun and Deno have `setImmediate`). */
const immediate = (globalThis as { setImmediate?: (task: () => void) => unknown }).setImmediate;
const afterThisTurn: (task: () => void) => void = immediate ? (task) => void immediate(task) : (task) => void setTimeout(task, 0);

/** How many SQL texts keep their prepared statement: the arena's are a few dozen. */
const PREPARED_KEPT = 256;

class SharedCommitDriver implements Driver {
  #shared: Shared | undefined;
  /** The connection running an explicit transaction, and when it will be done. */
  #alone: { connection: DatabaseConnection; done: Promise<void>; release(): void } | undefined;
  /**
   * Statements by SQL text, prepared once: SQLite compiles a statement with the triggers it
   * fires, and preparing the attempt's insert took longer than running it. SQLite prepares a
   * kept statement again by itself after the schema changes.
   */
  readonly #prepared = new Map<string, SqliteStatement>();

  constructor(
    readonly database: SharedCommitClient,
    readonly busyTimeoutMs: number,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SharedCommitConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    while (this.#alone) await this.#alone.done;
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    this.#alone = { connection, done, release };
    await this.commitShared();
    this.database.exec('BEGIN');
  }
  async commitTransaction(): Promise<void> {
    try {
      this.database.exec('COMMIT');
    } finally {
      this.#endAlone();
    }
  }
  async rollbackTransaction(): Promise<void> {
    try {
      this.database.exec('ROLLBACK');
    } finally {
      this.#endAlone();
    }
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.commitShared();
    this.#prepared.clear();
    this.database.close();
  }

  #endAlone(): void {
    const alone = this.#alone;
    this.#alone = undefined;
    alone?.release();
  }

  /** Runs `query` for `connection`, as its kind and the transactions open say. */
  async execute<R>(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#alone?.connection === connection) return this.#run(query);
    while (this.#alone) await this.#alone.done;
    const kind = kindOf(query);
    if (kind === 'other') {
      await this.commitShared();
      return this.#run(query);
    }
    // A read sees only what is committed until the shared transaction has begun, even while it waits for the lock.
    if (kind === 'read' && !this.#shared?.started) return this.#run(query);
    const shared = (this.#shared ??= this.#openShared());
    await shared.begun;
    // It is committed after this turn, and this runs within the turn it began in.
    if (this.#shared !== shared) return this.execute(connection, query);
    let result: QueryResult<R>;
    try {
      result = this.#run(query);
    } catch (error) {
      // A statement that failed was undone alone; if SQLite gave up the whole transaction, so does every statement in it.
      if (!this.#stillInTransaction()) shared.settle(error);
      throw error;
    }
    await shared.committed;
    return result;
  }

  /** Commits the open shared transaction now, if there is one, once the statements sent before this have run in it. */
  async commitShared(): Promise<void> {
    const shared = this.#shared;
    if (!shared) return;
    await shared.begun.catch(() => undefined);
    shared.settle();
    await shared.committed.catch(() => undefined);
  }

  #openShared(): Shared {
    let resolve = () => {};
    let reject = (_: unknown) => {};
    const committed = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
    // Every statement of it awaits the outcome; none may be left unhandled when none is waiting.
    committed.catch(() => undefined);
    const shared: Shared = {
      started: false,
      begun: Promise.resolve(),
      committed,
      settle: (failure?: unknown) => {
        if (this.#shared !== shared) return;
        this.#shared = undefined;
        if (failure !== undefined) {
          this.#rollBack();
          return reject(failure);
        }
        try {
          this.database.exec('COMMIT');
          resolve();
        } catch (error) {
          this.#rollBack();
          reject(error);
        }
      },
    };
    shared.begun = this.#begin(() => (shared.started = true)).then(
      () => afterThisTurn(() => shared.settle()),
      (error: unknown) => {
        if (this.#shared === shared) this.#shared = undefined;
        reject(error);
        throw error;
      },
    );
    return shared;
  }

  /** `BEGIN IMMEDIATE`, the write lock waited for without stopping the event loop (see above). */
  async #begin(started: () => void): Promise<void> {
    const deadline = Date.now() + this.busyTimeoutMs;
    for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
      try {
        this.#beginWithoutWaiting();
        return started();
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() >= deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  #beginWithoutWaiting(): void {
    this.database.exec('PRAGMA busy_timeout = 0');
    try {
      this.database.exec('BEGIN IMMEDIATE');
    } finally {
      this.database.exec(`PRAGMA busy_timeout = ${this.busyTimeoutMs}`);
    }
  }

  #rollBack(): void {
    try {
      this.database.exec('ROLLBACK');
    } catch {
      // Already gone: SQLite rolled it back itself.
    }
  }

  /**
   * Whether the shared transaction is still open after a failed statement. SQLite rolls a whole
   * transaction back on a few errors (disk full, I/O error, out of memory); starting another
   * is refused exactly while one is open.
   */
  #stillInTransaction(): boolean {
    try {
      this.database.exec('BEGIN');
    } catch {
      return true;
    }
    this.#rollBack();
    return false;
  }

  #prepare(sql: string): SqliteStatement {
    let statement = this.#prepared.get(sql);
    if (statement === undefined) {
      statement = this.database.prepare(sql);
      // The oldest goes first: the hot statements are prepared again at once if ever pushed out.
      if (this.#prepared.size >= PREPARED_KEPT) this.#prepared.delete(this.#prepared.keys().next().value as string);
      this.#prepared.set(sql, statement);
    }
    return statement;
  }

  #run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.#prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
      rows: [],
    };
  }
}

/** What a query does, from the operation Kysely compiled it from: raw SQL counts as neither. */
function kindOf(query: CompiledQuery): 'read' | 'write' | 'other' {
  const node = query.query;
  if (SelectQueryNode.is(node)) return 'read';
  if (InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node)) return 'write';
  return 'other';
}

class SharedCommitConnection implements DatabaseConnection {
  constructor(readonly driver: SharedCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  /** Read whole: a statement still being stepped would keep every other query off the database. */
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.driver.execute<R>(this, query);
    for (const row of rows) yield { rows: [row] };
  }
}
