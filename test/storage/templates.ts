/**
 * Migrated databases made quickly. Migrating is most of what a fresh database costs the store
 * suite (some 230 ms on a PostgreSQL server, 400 ms on D1 through the bridge, for each of ~100
 * tests), so each file migrates one database for real and copies it for every test that starts
 * migrated: PostgreSQL with `CREATE DATABASE … TEMPLATE`, SQLite and D1 by replaying the
 * migrated database's schema and rows. The lifecycle cases still start from empty databases,
 * and one of them checks a copy's schema against a database migrated from empty.
 */
import { CompiledQuery, type Dialect, Kysely, sql } from 'kysely';
import type { DialectFamily } from '../../storage/index.ts';
import type { DialectUnderTest } from './store-suite.ts';
import { trackedTarget } from './targets.ts';

/** One SQL statement and its parameters. */
export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** What SQLite keeps for itself, and what workerd's D1 adds (`_cf_KV`): never copied. */
const OWN_OBJECTS = `name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`;

/** Tables first, then what is built on them, each kind in the order it was made. */
const KIND_ORDER = `CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid`;

/** The statements that rebuild a SQLite database's schema and rows in an empty one. */
export async function sqliteDump(db: Kysely<any>): Promise<Statement[]> {
  const { rows: objects } = await sql<{ type: string; name: string; sql: string }>`
    SELECT type, name, sql FROM sqlite_master
    WHERE sql IS NOT NULL AND ${sql.raw(OWN_OBJECTS)} ORDER BY ${sql.raw(KIND_ORDER)}`.execute(db);
  const statements: Statement[] = objects.map((object) => ({ sql: object.sql, parameters: [] }));
  for (const { name } of objects.filter((object) => object.type === 'table')) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.id(name)}`.execute(db);
    for (const row of rows) {
      const columns = Object.keys(row);
      statements.push({
        sql: `INSERT INTO "${name}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        parameters: Object.values(row),
      });
    }
  }
  return statements;
}

/** A SQLite database's schema and migration records, to compare a copy with the original. */
export async function schemaOf(db: Kysely<any>, family: DialectFamily): Promise<unknown> {
  const migrations = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  if (family === 'sqlite') {
    const { rows } = await sql`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE ${sql.raw(OWN_OBJECTS)} ORDER BY type, name`.execute(db);
    return { objects: rows, migrations: migrations.rows };
  }
  const columns = await sql`
    SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
    WHERE table_schema = 'public' ORDER BY table_name, column_name`.execute(db);
  const indexes = await sql`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`.execute(db);
  const constraints = await sql`
    SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE connamespace = 'public'::regnamespace ORDER BY conrelid::regclass::text, conname`.execute(db);
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows, migrations: migrations.rows };
}

/** Runs `statements` in one transaction on a connection of its own. */
export async function replay(db: Kysely<any>, statements: Statement[]): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    for (const statement of statements) await transaction.executeQuery(CompiledQuery.raw(statement.sql, statement.parameters));
  });
}

/** An empty SQLite database of one kind: how to connect to it, and how to remove it. */
export interface SqliteDatabase {
  dialect: () => Dialect;
  cleanup?: () => Promise<void>;
}

/**
 * Targets on SQLite databases from `newDatabase`: empty ones, and migrated ones that get the dump
 * of a database migrated once for real, replayed by `restore` (by default through Kysely, in one
 * transaction).
 */
export function sqliteTargets<Database extends SqliteDatabase>(
  newDatabase: () => Promise<Database>,
  restore: (database: Database, statements: Statement[]) => Promise<void> = replayThroughKysely,
): Pick<DialectUnderTest, 'family' | 'createTarget' | 'createMigratedTarget'> {
  const targetOn = (database: Database) => trackedTarget('sqlite', database.dialect, database.cleanup);
  const createTarget = async () => targetOn(await newDatabase());
  const dump = once(async () => {
    const target = await createTarget();
    try {
      return await sqliteDump((await target.open()).db);
    } finally {
      await target.dispose();
    }
  });
  return {
    family: 'sqlite',
    createTarget,
    async createMigratedTarget() {
      const statements = await dump();
      const database = await newDatabase();
      await restore(database, statements);
      return targetOn(database);
    },
  };
}

async function replayThroughKysely(database: SqliteDatabase, statements: Statement[]): Promise<void> {
  const db = new Kysely<any>({ dialect: database.dialect() });
  try {
    await replay(db, statements);
  } finally {
    await db.destroy();
  }
}

/** `make`, run on first call; every call shares its promise. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
