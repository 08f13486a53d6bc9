/**
 * `agent-arena/storage/sqlite`: the embedded default, an SQLite file as the arena's Store, through
 * the SQLite the runtime has.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Store } from '../../core/index.ts';
import { openStore } from '../../storage/index.ts';
import { runtimeSqlite, sqliteFileDialect } from './sqlite-file.ts';

/**
 * Opens the SQLite file at `path` (created when missing, and its folder 0700) as the arena's Store,
 * its schema brought to the latest migration: bun:sqlite on Bun, node:sqlite on Node 22.13 and
 * later and on Deno, better-sqlite3 (installed by you) on an older Node. The file is made 0600,
 * and its write-ahead log copied back into it on a worker thread. Close the store when done: the
 * log is then checkpointed into the file. `:memory:` gives a store that lives in memory alone.
 */
export async function openSqliteStore(path: string): Promise<Store> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  return openStore(await sqliteFileDialect(path, runtimeSqlite()), 'sqlite');
}
