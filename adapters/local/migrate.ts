/**
 * `npm run migrate`: bring the configured database (DATABASE_URL, or the embedded SQLite file
 * in ARENA_DATA_DIR) to the latest schema and say what was applied. The arena also migrates on
 * every start; this is for operators who migrate before they deploy.
 */
import { Kysely } from 'kysely';
import { migrateToLatest, type Database as Schema } from '../../storage/index.ts';
import { runtimeSqlite } from '../storage/sqlite-file.ts';
import { localDialect } from './open-store.ts';

const { dialect, family, where } = await localDialect(process.env, process.env.ARENA_DATA_DIR || './data', runtimeSqlite());
const db = new Kysely<Schema>({ dialect });
try {
  const applied = await migrateToLatest(db, family);
  console.log(applied.length > 0 ? `${where}: applied ${applied.join(', ')}` : `${where}: already at the latest schema`);
} finally {
  await db.destroy();
}
