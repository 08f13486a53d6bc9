/**
 * `npm run d1-migrations`: writes storage/migrations/d1/, the arena's migrations as the SQL files
 * `wrangler d1 migrations apply` runs (wrangler.toml's `migrations_dir`). Each file holds the
 * statements its migration runs on SQLite, recorded from a run on an empty database, and ends by
 * recording the migration as Kysely's migrator does, so a Worker started on a D1 migrated this
 * way runs none of them again. (The Worker records the migrations it runs itself in
 * `d1_migrations`, wrangler's table: storage/d1.ts.)
 *
 * test/local/d1-migrations.test.ts checks the files are those this script writes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Kysely, Migrator, type LogEvent } from 'kysely';
import { createSqliteDialect } from '../storage/dialects/sqlite.ts';
import { arenaMigrations } from '../storage/migrations/provider.ts';

export const D1_MIGRATIONS_DIR = fileURLToPath(new URL('../storage/migrations/d1/', import.meta.url));

/** One migration as wrangler applies it: `<Kysely's name>.sql`, and its SQL. */
export interface D1MigrationFile {
  name: string;
  sql: string;
}

/** Statements that only read (the migrations' checks and Kysely's introspection): not part of a file. */
const READS = /^\s*(select|pragma|with)\b/i;

/** A statement with its parameters written in as SQL literals. */
function inlined(statement: string, parameters: readonly unknown[]): string {
  if (parameters.length === 0) return statement;
  let next = 0;
  const literal = (value: unknown) => {
    if (value === null) return 'NULL';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
    throw new Error(`a migration passes a ${typeof value} parameter, which a SQL file cannot hold: ${statement}`);
  };
  const sql = statement.replace(/\?/g, () => literal(parameters[next++]));
  if (next !== parameters.length) throw new Error(`a statement's parameters do not match its placeholders: ${statement}`);
  return sql;
}

/** Every migration's file, in order, from one run of all of them on an empty SQLite database. */
export async function d1MigrationFiles(): Promise<D1MigrationFile[]> {
  let recorded: string[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query' && !READS.test(event.query.sql)) recorded.push(inlined(event.query.sql, event.query.parameters));
  };
  const db = new Kysely<unknown>({ dialect: createSqliteDialect(new Database(':memory:')), log });
  try {
    // Kysely's own tables, as its migrator makes them: the first file makes them too.
    await new Migrator({ db, provider: { getMigrations: async () => ({}) } }).migrateToLatest();
    const bookkeeping = recorded;
    const files: D1MigrationFile[] = [];
    for (const [name, migration] of Object.entries(await arenaMigrations('sqlite').getMigrations())) {
      recorded = [];
      await migration.up(db);
      const statements = [...(files.length === 0 ? bookkeeping : []), ...recorded, recordAsKysely(name)];
      files.push({ name: `${name}.sql`, sql: fileText(name, statements) });
    }
    return files;
  } finally {
    await db.destroy();
  }
}

/** The row Kysely's migrator writes once a migration has run (its timestamp as `toISOString()` spells it). */
function recordAsKysely(name: string): string {
  return `INSERT INTO kysely_migration (name, timestamp) VALUES ('${name}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

function fileText(name: string, statements: string[]): string {
  const header = [`-- Migration ${name} (storage/migrations/${name}.ts) as SQL, for \`wrangler d1 migrations apply\`.`, '-- Written by `npm run d1-migrations`; do not edit.'];
  return `${[...header, ...statements.map((statement) => `${statement.trim()};`)].join('\n')}\n`;
}

/** Writes the folder afresh. */
async function main(): Promise<void> {
  const files = await d1MigrationFiles();
  mkdirSync(D1_MIGRATIONS_DIR, { recursive: true });
  for (const stale of readdirSync(D1_MIGRATIONS_DIR)) if (stale.endsWith('.sql')) rmSync(join(D1_MIGRATIONS_DIR, stale));
  for (const file of files) writeFileSync(join(D1_MIGRATIONS_DIR, file.name), file.sql);
  console.log(`d1-migrations: wrote ${files.length} files to storage/migrations/d1/`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
