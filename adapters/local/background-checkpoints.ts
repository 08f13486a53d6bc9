/**
 * SQLite copies its write-ahead log back into the database file (a checkpoint) inside the
 * commit that takes the log past 1,000 pages, on the thread that committed: under a steady
 * stream of writes, more than half of what commits cost the arena's one thread. Here a
 * worker thread with its own connection makes those copies as the log grows, and the arena's
 * connection checkpoints only past 10,000 pages, a backstop that finds little left to copy.
 *
 * Nothing acknowledged is less safe. A commit is in the operating system's hands before it is
 * answered either way, so a killed process loses nothing. With SQLite's default
 * `synchronous = NORMAL` in WAL mode, the log reaches the disk itself (what survives a power
 * loss) at checkpoints: the worker's come within 20 ms of a busy log and within a second of a
 * quiet one, where SQLite's own wait for 1,000 pages (hours, on a quiet server). A worker that
 * fails or stops puts the arena's connection back on SQLite's default.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type TransactionSettings } from 'kysely';
import { logFailure } from '../log-failure.ts';
import { logNotice } from '../notice.ts';

/**
 * The SQLite library the arena's connection uses. The worker must load the same one: POSIX
 * locks belong to the process, and two SQLite libraries in one process on one file would
 * release each other's locks.
 */
export type SqliteLibrary = 'better-sqlite3' | 'node:sqlite' | 'bun:sqlite';

/** After a checkpoint that found new pages, the worker looks again this soon. */
const BUSY_PAUSE_MS = 20;
/** With nothing new in the log, the pause doubles up to this. */
const IDLE_PAUSE_MS = 1_000;
/** The arena connection's own automatic checkpoint while the worker runs, and SQLite's default. */
const BACKSTOP_PAGES = 10_000;
const SQLITE_DEFAULT_PAGES = 1_000;

/**
 * The worker's code, a script every runtime's `node:worker_threads` runs (`eval`). It sleeps
 * on `Atomics.wait`, so a stop wakes it at once.
 */
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const { path, library, modulePath, stop, busyPauseMs, idlePauseMs } = workerData;
// Node calls node:sqlite experimental once per thread; the arena's own thread has said so.
if (library === 'node:sqlite') process.emitWarning = () => {};
// Another connection holds the database (a migration, the arena's own checkpoint): look again later.
const isLocked = (error) => /database is locked|SQLITE_BUSY/.test(String(error && (error.code || '') + ' ' + error.message));
let database;
let checkpoint;
try {
  database =
    library === 'bun:sqlite' ? new (require('bun:sqlite').Database)(path, { readwrite: true, create: false }) :
    library === 'node:sqlite' ? new (require('node:sqlite').DatabaseSync)(path) :
    new (require(modulePath))(path, { fileMustExist: true });
  // A checkpoint that finds another under way (the arena's own) tries again at the next look.
  database.exec('PRAGMA busy_timeout = 0');
  const stopped = new Int32Array(stop);
  let pause = busyPauseMs;
  let lastLog = -1;
  while (Atomics.load(stopped, 0) === 0) {
    try {
      checkpoint ??= database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
      const { log } = checkpoint.get();
      pause = log === lastLog ? Math.min(pause * 2, idlePauseMs) : busyPauseMs;
      lastLog = log;
    } catch (error) {
      if (!isLocked(error)) throw error;
      // Held for a while (a migration, another process): the pause doubles, as when nothing is new.
      pause = Math.min(pause * 2, idlePauseMs);
    }
    Atomics.wait(stopped, 0, 0, pause);
  }
} catch (error) {
  // Said to the arena's thread, which logs it as one of its lines: a runtime would print an
  // uncaught error of a worker as text of its own.
  parentPort.postMessage(String(error && error.message));
} finally {
  // bun:sqlite closes a connection with a statement left open only once the statement is collected.
  checkpoint?.finalize?.();
  database?.close();
}
`;

/** Checkpoints `path`'s log on a worker thread while `dialect`'s driver is open. */
export function withBackgroundCheckpoints(dialect: Dialect, path: string, library: SqliteLibrary): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new CheckpointedDriver(dialect.createDriver(), path, library),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** A running worker: `stop` wakes it and resolves once it has closed its connection. */
interface CheckpointWorker {
  stop(): Promise<void>;
}

/** Starts the worker; `onFailure` hears of it if the worker fails or exits unasked. */
function startCheckpointWorker(path: string, library: SqliteLibrary, onFailure: (reason: string) => void): CheckpointWorker {
  const stop = new SharedArrayBuffer(4);
  const modulePath = library === 'better-sqlite3' ? createRequire(import.meta.url).resolve('better-sqlite3') : undefined;
  const worker = new Worker(WORKER_SCRIPT, {
    eval: true,
    workerData: { path, library, modulePath, stop, busyPauseMs: BUSY_PAUSE_MS, idlePauseMs: IDLE_PAUSE_MS },
  });
  // The worker never keeps the process alive: a server exits when its server closes.
  worker.unref();
  let stopping = false;
  let failure: string | undefined;
  worker.once('message', (reason: string) => (failure = reason));
  worker.once('error', (error) => (failure = error.message));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (!stopping) onFailure(failure ?? `it exited with code ${code}`);
      resolve();
    }),
  );
  return {
    stop() {
      stopping = true;
      // Held open until the worker has closed its connection, so the arena's closes last.
      worker.ref();
      const flag = new Int32Array(stop);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      return exited;
    },
  };
}

/** The dialect's driver, with the worker started on `init` and stopped before the connection closes. */
class CheckpointedDriver implements Driver {
  #worker: CheckpointWorker | undefined;

  constructor(
    private readonly driver: Driver,
    private readonly path: string,
    private readonly library: SqliteLibrary,
  ) {}

  async init(): Promise<void> {
    await this.driver.init();
    await this.#autoCheckpointAt(BACKSTOP_PAGES);
    try {
      this.#worker = startCheckpointWorker(this.path, this.library, (reason) => void this.#workerFailed(reason));
    } catch (error) {
      await this.#workerFailed(error instanceof Error ? error.message : String(error));
    }
  }
  acquireConnection(): Promise<DatabaseConnection> {
    return this.driver.acquireConnection();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driver.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(connection);
  }
  async destroy(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.stop();
    await this.driver.destroy();
  }

  async #workerFailed(reason: string): Promise<void> {
    this.#worker = undefined;
    logNotice('warn', `background checkpoints of ${this.path} stopped (${reason}); SQLite checkpoints in its commits again, as it does by default`);
    await this.#autoCheckpointAt(SQLITE_DEFAULT_PAGES).catch((error: unknown) => {
      logFailure(`restoring SQLite's automatic checkpoints of ${this.path} failed`, error);
    });
  }

  async #autoCheckpointAt(pages: number): Promise<void> {
    const connection = await this.driver.acquireConnection();
    try {
      await connection.executeQuery(CompiledQuery.raw(`PRAGMA wal_autocheckpoint = ${pages}`));
    } finally {
      await this.driver.releaseConnection(connection);
    }
  }
}
