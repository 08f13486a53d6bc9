/**
 * `npm run migrate`: bring the configured database (DATABASE_URL, or the embedded SQLite file
 * in ARENA_DATA_DIR) to the latest schema and say what was applied. The arena also migrates on
 * every start; this is for operators who migrate before they deploy.
 *
 * `npm run migrate -- --finish` also runs the migrations that finish an upgrade on PostgreSQL,
 * once no instance of the previous release is left (docs/running.md, Upgrades).
 */
import { Kysely } from 'kysely';
import { migrateToLatest, type Database as Schema } from '../../storage/index.ts';
import { localStoreOf } from '../configuration/local-settings.ts';
import { readEnvironmentOrExit } from '../configuration/read.ts';
import { runtimeSqlite } from '../storage/sqlite-file.ts';
import { localDialect } from './open-store.ts';

const options = process.argv.slice(2);
const unknown = options.filter((option) => option !== '--finish');
if (unknown.length > 0) {
  console.error(`migrate: unknown option ${unknown.join(' ')} (it takes --finish alone)`);
  process.exit(2);
}
// The runtime's own SQLite where it has one (node:sqlite), as the server uses: a production image has no better-sqlite3.
const { dialect, family, where } = await localDialect(localStoreOf(readEnvironmentOrExit(process.env, process.exit)), runtimeSqlite());
const db = new Kysely<Schema>({ dialect });
try {
  const applied = await migrateToLatest(db, family, { finish: options.includes('--finish') });
  console.log(applied.length > 0 ? `${where}: applied ${applied.join(', ')}` : `${where}: already at the latest schema`);
} finally {
  await db.destroy();
}
