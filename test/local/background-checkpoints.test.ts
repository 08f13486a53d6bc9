import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { withBackgroundCheckpoints, type SqliteLibrary } from '../../adapters/local/background-checkpoints.ts';
import { createSqliteDialect } from '../../storage/index.ts';
import { nodeExecutable, OTHER_NODES } from '../support/node-versions.ts';
import { COMMANDS } from '../support/servers.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PROBE = 'test/local/fixtures/checkpoint-probe.ts';
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

async function scratch(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'arena-checkpoints-'));
  folders.push(folder);
  return folder;
}

/** Each runtime with the SQLite library its adapter opens the embedded database with. */
const PROBES: Record<string, { command: readonly string[]; library: SqliteLibrary }> = {
  [`node ${process.versions.node.split('.')[0]}`]: { command: [process.execPath, '--import', 'tsx'], library: 'better-sqlite3' },
  ...Object.fromEntries(
    OTHER_NODES.flatMap((line) => {
      const executable = nodeExecutable(line);
      return executable ? [[`node ${line}`, { command: [executable, '--import', 'tsx'], library: 'node:sqlite' }]] : [];
    }),
  ),
  bun: { command: [COMMANDS.bun[0]!], library: 'bun:sqlite' },
  deno: { command: [COMMANDS.deno[0]!, 'run', '--allow-read', '--allow-write', '--allow-env'], library: 'node:sqlite' },
};

describe.each(Object.keys(PROBES))('background checkpoints on %s', (runtime) => {
  it('copy the log into the database file off the arena thread, and stop before the database closes', async () => {
    const { command, library } = PROBES[runtime]!;
    const folder = await scratch();
    const run = spawnSync(command[0]!, [...command.slice(1), PROBE, library, folder], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    // Node 24 calls node:sqlite experimental, once: the worker's thread says nothing more.
    expect(run.stderr.replace(/^\(node:\d+\) ExperimentalWarning: SQLite .*\n\(Use .*\n/, '')).toBe('');
    expect(run.status).toBe(0);
    const seen = JSON.parse(run.stdout);
    // The arena's connection checkpoints only past 10,000 pages, so the 300 written reached the file through the worker.
    expect(seen.autoCheckpointPages).toBe(10_000);
    expect(seen.copiedBytes).toBeGreaterThanOrEqual(300 * 4000);
    // The worker's connection closed first: the arena's, the last, checkpointed and removed the log.
    expect(seen.logLeftAfterClose).toBe(false);
  });
});

describe('a checkpoint worker that fails', () => {
  it('puts the arena connection back on SQLite’s own automatic checkpoints, and says so', async () => {
    const folder = await scratch();
    const path = join(folder, 'arena.db');
    const missing = join(folder, 'missing.db');
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The worker is pointed at a file that does not exist, which it refuses to create.
    const db = new Kysely<any>({ dialect: withBackgroundCheckpoints(createSqliteDialect(new Database(path)), missing, 'better-sqlite3') });
    try {
      const autoCheckpoint = async () => (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db)).rows[0]!.wal_autocheckpoint;
      await expect.poll(autoCheckpoint, { timeout: 10_000 }).toBe(1_000);
      expect(said).toHaveBeenCalledWith(expect.stringContaining(`background checkpoints of ${missing} stopped`));
      // The store goes on as without the worker.
      await sql`CREATE TABLE notes (body text)`.execute(db);
      await db.insertInto('notes').values({ body: 'kept' }).execute();
      expect((await db.selectFrom('notes').select('body').execute()).map((row) => row.body)).toEqual(['kept']);
      expect(existsSync(missing)).toBe(false);
    } finally {
      await db.destroy();
      said.mockRestore();
    }
  });
});

describe('a checkpoint worker that finds the database locked', () => {
  it('looks again later rather than stopping', async () => {
    const folder = await scratch();
    const locked = join(folder, 'locked.db');
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Another connection holds the worker's file whole, readers shut out (as a connection turning
    // the file to WAL does): the worker's first looks find it locked.
    const holder = new Database(locked);
    holder.exec('CREATE TABLE notes (body text)');
    holder.exec('BEGIN EXCLUSIVE');
    holder.exec("INSERT INTO notes VALUES ('held')");
    const db = new Kysely<any>({ dialect: withBackgroundCheckpoints(createSqliteDialect(new Database(join(folder, 'arena.db'))), locked, 'better-sqlite3') });
    try {
      const autoCheckpoint = async () => (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db)).rows[0]!.wal_autocheckpoint;
      expect(await autoCheckpoint()).toBe(10_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      holder.exec('COMMIT');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The worker went on (one that stops puts the arena's connection back on 1,000 pages, and says so).
      expect(await autoCheckpoint()).toBe(10_000);
      expect(said).not.toHaveBeenCalledWith(expect.stringContaining('background checkpoints'));
    } finally {
      await db.destroy();
      holder.close();
      said.mockRestore();
    }
  });
});
