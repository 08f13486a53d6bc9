/** An SQLite file as a Kysely dialect, through the SQLite the runtime has: what the embedded default opens. */
import { createRequire } from 'node:module';
import process from 'node:process';
import type { Dialect } from 'kysely';
import { createBunSqliteDialect, createNodeSqliteDialect, createSqliteDialect, type BunSqliteDatabase, type NodeSqliteDatabase, type SqliteClient } from '../../storage/index.ts';
import { ConfigurationError } from '../configuration/read.ts';
import { withBackgroundCheckpoints, type SqliteLibrary } from '../local/background-checkpoints.ts';
import { ensurePrivateFile } from '../local/private-files.ts';

/** Opens an SQLite database file as a Kysely dialect, through `library`. */
export interface SqliteOpener {
  library: SqliteLibrary;
  open(path: string): Dialect;
}

/** The path SQLite takes for a database that lives in memory only, gone when the store closes. */
const IN_MEMORY = ':memory:';

/**
 * The runtime's own SQLite: `bun:sqlite` on Bun; `node:sqlite` where the runtime ships it
 * unflagged (Node 22.13 and later, Deno 2), so no native addon is built for it; better-sqlite3
 * on an older Node, loaded only when a file is opened (an optional peer dependency: installed by
 * whoever needs it, so an arena on PostgreSQL needs none).
 */
export function runtimeSqlite(): SqliteOpener {
  if (process.versions.bun !== undefined) {
    const { Database } = process.getBuiltinModule('bun:sqlite') as { Database: new (path: string, options: { create: boolean }) => BunSqliteDatabase };
    return { library: 'bun:sqlite', open: (path) => createBunSqliteDialect(new Database(path, { create: true })) };
  }
  const builtin = process.getBuiltinModule('node:sqlite') as { DatabaseSync: new (path: string) => NodeSqliteDatabase } | undefined;
  if (builtin) return { library: 'node:sqlite', open: (path) => createNodeSqliteDialect(new builtin.DatabaseSync(path)) };
  return { library: 'better-sqlite3', open: (path) => createSqliteDialect(new (betterSqlite3())(path)) };
}

/** better-sqlite3's Database, or the line that says to install it. */
function betterSqlite3(): new (path: string) => SqliteClient {
  try {
    return createRequire(import.meta.url)('better-sqlite3') as new (
      path: string,
    ) => SqliteClient;
  } catch (error) {
    throw new ConfigurationError(`this Node (${process.version}) has no node:sqlite: install better-sqlite3 (npm install better-sqlite3), or run Node 22.13 or later`, {
      cause: error,
    });
  }
}

/**
 * The SQLite file at `path` (in a folder that exists) as a dialect: the file created 0600 (as
 * its `-wal` and `-shm` then are) before SQLite opens it, whatever the umask, and its log copied
 * back into it on a worker thread (../local/background-checkpoints.ts). `:memory:` is a database
 * in memory alone.
 */
export async function sqliteFileDialect(path: string, opener: SqliteOpener): Promise<Dialect> {
  if (path === IN_MEMORY) return opener.open(path);
  await ensurePrivateFile(path, [`${path}-wal`, `${path}-shm`, `${path}-journal`]);
  return withBackgroundCheckpoints(opener.open(path), path, opener.library);
}
