import { join } from 'node:path';
import type { Dialect } from 'kysely';
import type { Store } from '../../core/store/store.ts';
import { openStore, type DialectFamily, type EventNotices } from '../../storage/index.ts';
import { postgresDialect } from '../storage/postgres-pool.ts';
import { sqliteFileDialect, type SqliteOpener } from '../storage/sqlite-file.ts';
import { ensurePrivateFolder, type Warn } from './private-files.ts';

export type { SqliteOpener } from '../storage/sqlite-file.ts';

export const DATABASE_FILE = 'arena.db';

/** Where records live, as the configuration says (../configuration/local-settings.ts). */
export interface LocalStore {
  /** PostgreSQL's `postgres://` URL; unset, the embedded SQLite file in `dataDir`. */
  databaseUrl?: string;
  /** Connections per instance to PostgreSQL. */
  poolSize: number;
  dataDir: string;
}

/**
 * Where records live: PostgreSQL when a database URL is given (so several instances can share
 * one league), otherwise the embedded SQLite file `<dataDir>/arena.db` (see sqliteFileDialect), in a
 * folder created 0700 (an existing one open to every user gets a warning).
 */
export async function localDialect(
  { databaseUrl: url, poolSize, dataDir }: LocalStore,
  openSqlite: SqliteOpener,
  warn: Warn = console.warn,
): Promise<{ dialect: Dialect; family: DialectFamily; where: string; notices?: EventNotices }> {
  if (url) return { ...(await postgresDialect(url, poolSize)), family: 'postgres', where: `PostgreSQL at ${new URL(url).host}` };
  await ensurePrivateFolder(dataDir, warn);
  const path = join(dataDir, DATABASE_FILE);
  return { dialect: await sqliteFileDialect(path, openSqlite), family: 'sqlite', where: `SQLite at ${path}` };
}

/** The durable store over the local dialect, migrated on open. */
export async function openLocalStore(where: LocalStore, openSqlite: SqliteOpener, warn: Warn = console.warn): Promise<Store> {
  const { dialect, family, notices } = await localDialect(where, openSqlite, warn);
  return openStore(dialect, family, notices);
}
