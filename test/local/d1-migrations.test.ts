/**
 * D1's migrations the way wrangler users apply them (issue 33): `wrangler d1 migrations apply`
 * runs storage/migrations/d1/ (wrangler.toml's `migrations_dir`), the arena's migrations as SQL.
 * - The files are exactly what `npm run d1-migrations` writes from the migrations in code.
 * - Applied to a fresh local D1, they make the schema the Worker's own migrator makes, and record
 *   every migration as Kysely does: the Worker started on it runs none and serves.
 * - A D1 the Worker migrated itself has them recorded in wrangler's table: wrangler applies none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { D1_MIGRATIONS_DIR, d1MigrationFiles } from '../../scripts/d1-migrations.ts';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { createSqliteDialect } from '../../storage/dialects/sqlite.ts';
import { migrateToLatest } from '../../storage/migrate.ts';
import { MIGRATIONS } from '../storage/cases/migration-names.ts';
import { writeHeaders } from '../support/agents.ts';
import { finishingTape, freshNonce } from '../support/fixtures/league.ts';
import { wrangler, wranglerDev, wranglerProject } from '../support/wrangler-project.ts';
import { client } from '../support/http.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanups.reverse()) await step().catch(() => undefined);
});

/** Rows of one `wrangler d1 execute --local --json --command` on the project's D1. */
async function query(folder: string, command: string): Promise<Record<string, unknown>[]> {
  const { stdout } = await wrangler(folder, ['d1', 'execute', 'agent-arena', '--local', '--json', '--command', command]);
  return JSON.parse(stdout)[0].results;
}

/** The schema as SQLite keeps it: every table, index and trigger with its SQL, but wrangler's, D1's and SQLite's own. */
const SCHEMA = `SELECT type, name, tbl_name, sql FROM sqlite_master
  WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY type, name`;

async function project(): Promise<string> {
  const keys = `ARENA_SIGNING_KEY=${encodeBase64Url(randomSeed())}\nARENA_SECRET=${encodeBase64Url(randomSeed())}\nARENA_ANONYMOUS_WRITES_PER_HOUR=0\n`;
  const folder = await wranglerProject(keys);
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

describe('D1 migrations with wrangler', () => {
  it('storage/migrations/d1/ holds what `npm run d1-migrations` writes, one file per migration', async () => {
    const files = await d1MigrationFiles();
    expect(files.map((file) => file.name)).toEqual(MIGRATIONS.map((name) => `${name}.sql`));
    expect(readdirSync(D1_MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'))).toEqual(files.map((file) => file.name));
    for (const file of files) expect(readFileSync(join(D1_MIGRATIONS_DIR, file.name), 'utf8'), `${file.name}: run npm run d1-migrations`).toBe(file.sql);
  });

  it('applied to a fresh D1, they make the migrator’s schema; the Worker then runs none and serves', { timeout: 120_000 }, async () => {
    const folder = await project();
    const { stdout } = await wrangler(folder, ['d1', 'migrations', 'apply', 'agent-arena', '--local']);
    for (const name of MIGRATIONS) expect(stdout).toContain(`${name}.sql`);
    const applied = await query(folder, 'SELECT name, timestamp FROM kysely_migration ORDER BY name');
    expect(applied.map((row) => row.name)).toEqual(MIGRATIONS);

    const migrated = new Kysely<unknown>({ dialect: createSqliteDialect(new Database(':memory:')) });
    try {
      await migrateToLatest(migrated, 'sqlite');
      const { rows } = await sql.raw<Record<string, unknown>>(SCHEMA).execute(migrated);
      expect(await query(folder, SCHEMA)).toEqual(rows);
    } finally {
      await migrated.destroy();
    }

    const arena = await wranglerDev(folder);
    cleanups.push(() => arena.stop());
    const api = client(() => arena.baseUrl);
    expect((await api.get('/readyz')).body).toEqual({ status: 'ready', migrations: MIGRATIONS.length });
    const { challengeToken, board } = (await api.get('/api/league')).body;
    const joined = await api.postJson(
      '/api/league/join',
      { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle: 'wrangler-migrated' } },
      writeHeaders(),
    );
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    // The Worker ran no migration: each is recorded once, when wrangler applied it.
    expect(await query(folder, 'SELECT name, timestamp FROM kysely_migration ORDER BY name')).toEqual(applied);
  });

  it('a D1 the Worker migrated itself: wrangler finds every migration applied', { timeout: 120_000 }, async () => {
    const folder = await project();
    const arena = await wranglerDev(folder);
    cleanups.push(() => arena.stop());
    expect((await client(() => arena.baseUrl).get('/readyz')).body.migrations).toBe(MIGRATIONS.length);
    expect((await query(folder, 'SELECT name FROM d1_migrations ORDER BY id')).map((row) => row.name)).toEqual(MIGRATIONS.map((name) => `${name}.sql`));
    const { stdout } = await wrangler(folder, ['d1', 'migrations', 'apply', 'agent-arena', '--local']);
    expect(stdout).toContain('No migrations to apply');
  });
});
