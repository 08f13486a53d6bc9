/**
 * Issue 33: backups made the documented way (docs/running.md, Backups) while the arena runs and
 * writes, restored into a store of their own and served by a fresh arena: every record written
 * before the backup began is there, served byte for byte as the original serves it, nothing is
 * there that the original never held, and every receipt verifies against the restored arena's
 * keys. SQLite by `sqlite3`'s `.backup` with the key file copied; PostgreSQL by `pg_dump
 * --format=custom` and `pg_restore` into an empty database, with the same keys set; D1 by
 * `wrangler d1 export --local` from a running `wrangler dev` (between writes: see below), restored with `wrangler d1 execute
 * --local --file` into a fresh local D1 (the same commands with `--remote` act on Cloudflare's).
 */
import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../adapters/local/open-store.ts';
import { KEY_FILE_NAME } from '../../adapters/local/key-file.ts';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { writeHeaders } from '../support/agents.ts';
import { finishingTape, freshNonce } from '../support/fixtures/league.ts';
import { throwawayDatabase } from '../support/fixtures/throwaway-postgres.ts';
import { wrangler, wranglerDev, wranglerProject } from '../support/wrangler-project.ts';
import { client } from '../support/http.ts';
import { realPostgres } from '../support/postgres-cluster.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

const run = promisify(execFile);
/** Joins written before the backup, and by each writer while it runs. */
const BEFORE = 12;
const WRITERS = 2;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanups.reverse()) await step().catch(() => undefined);
});

describe('a backup made while the arena writes, restored', () => {
  it('SQLite (.backup and the key file): the same records and receipts', { timeout: 120_000 }, async () => {
    const dataDir = await scratch('arena-backup-data-');
    const original = await started(() => startArena('node', { ARENA_DATA_DIR: dataDir }));
    const restoredDir = await scratch('arena-restored-');
    const backedUp = await whileWriting(original, async () => {
      await run('sqlite3', [join(dataDir, DATABASE_FILE), `.backup '${join(restoredDir, DATABASE_FILE)}'`]);
      await copyFile(join(dataDir, KEY_FILE_NAME), join(restoredDir, KEY_FILE_NAME));
    });
    const { stdout: integrity } = await run('sqlite3', [join(restoredDir, DATABASE_FILE), 'PRAGMA integrity_check']);
    expect(integrity.trim()).toBe('ok');
    await chmod(join(restoredDir, KEY_FILE_NAME), 0o600);
    const restored = await started(() => startArena('node', { ARENA_DATA_DIR: restoredDir }));
    await expectRestored(original, restored, backedUp);
  });

  it('PostgreSQL (pg_dump and pg_restore, the keys set alike): the same records and receipts', { timeout: 120_000 }, async (context) => {
    const postgres = await realPostgres();
    if (!postgres?.bin) return context.skip('needs PostgreSQL and its pg_dump (CI installs them)');
    cleanups.push(() => postgres.dispose());
    const keys = { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()) };
    const original = await started(() => startArena('node', { ...keys, DATABASE_URL: postgres.url }));
    const dump = join(await scratch('arena-dump-'), 'arena.dump');
    const backedUp = await whileWriting(original, () => run(join(postgres.bin!, 'pg_dump'), ['--format=custom', '--file', dump, '--dbname', postgres.url]));
    // Restored into an empty database on the same server: a fresh one of `DATABASE_URL`'s, or the test's own cluster.
    const empty = await throwawayDatabase(postgres.url);
    cleanups.push(() => empty.drop());
    await run(join(postgres.bin!, 'pg_restore'), ['--dbname', empty.url, dump]);
    const restored = await started(() => startArena('node', { ...keys, DATABASE_URL: empty.url }));
    await expectRestored(original, restored, backedUp);
  });

  it('D1 (wrangler d1 export, then d1 execute --file into a fresh D1): the same records and receipts', { timeout: 180_000 }, async () => {
    // Every client here has one address: the hourly budget of anonymous writes is not what is tested.
    const keys = `ARENA_SIGNING_KEY=${encodeBase64Url(randomSeed())}\nARENA_SECRET=${encodeBase64Url(randomSeed())}\nARENA_ANONYMOUS_WRITES_PER_HOUR=0\n`;
    const [originalDir, restoredDir] = [await project(keys), await project(keys)];
    const original = await started(() => wranglerDev(originalDir));
    const backup = join(originalDir, 'backup.sql');
    // A local export reads the file from a process of its own, a table at a time, with no
    // snapshot: it is taken between writes (Cloudflare's, --remote, is D1's own).
    const backedUp = await whileWriting(original, () => wrangler(originalDir, ['d1', 'export', 'agent-arena', '--local', '--output', backup]), { betweenWrites: true });
    await wrangler(restoredDir, ['d1', 'execute', 'agent-arena', '--local', '--yes', '--file', backup]);
    const restored = await started(() => wranglerDev(restoredDir));
    await expectRestored(original, restored, backedUp);
  });
});

async function project(devVars: string): Promise<string> {
  const folder = await wranglerProject(devVars);
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

async function scratch(prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

async function started(start: () => Promise<RunningArena>): Promise<RunningArena> {
  const arena = await start();
  cleanups.push(() => arena.stop());
  return arena;
}

/** What was written before the backup began: the attempts (a join each) and a topic. */
interface BackedUp {
  attemptIds: string[];
  topicIds: string[];
  date: string;
}

/** Writes some records, then runs `backup` while writers go on joining; the records written before it. */
async function whileWriting(arena: RunningArena, backup: () => Promise<unknown>, { betweenWrites = false } = {}): Promise<BackedUp> {
  const api = client(() => arena.baseUrl);
  const { challengeToken, challengeDate, board } = (await api.get('/api/league')).body;
  const join = async (handle: string) => {
    const answer = await api.postJson('/api/league/join', { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle } }, writeHeaders());
    expect(answer.status, answer.text).toBe(200);
    return answer.body as { apiKey: string; attempt: { id: string } };
  };
  const attemptIds: string[] = [];
  for (let i = 0; i < BEFORE; i++) attemptIds.push((await join(`backup-before-${i}`)).attempt.id);
  const member = await join('backup-member');
  attemptIds.push(member.attempt.id);
  expect((await api.postJson('/api/social/join', {}, writeHeaders(member.apiKey))).status).toBe(200);
  const topic = await api.postJson('/api/social/topics', { channel: 'general', title: 'Kept', body: 'In the backup.' }, writeHeaders(member.apiKey));
  expect(topic.status, topic.text).toBe(201);

  let backingUp = true;
  const writer = async (index: number) => {
    for (let n = 0; backingUp; n++) await join(`backup-during-${index}-${n}`);
  };
  const writers = Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
  // A writer's failure is thrown below, once the backup is done.
  writers.catch(() => undefined);
  try {
    if (betweenWrites) {
      // The writers have written; they stop for the backup, and write again after it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      backingUp = false;
      await writers;
    }
    await backup();
  } finally {
    backingUp = false;
    await writers;
  }
  if (betweenWrites) for (let n = 0; n < WRITERS; n++) await join(`backup-after-${n}`);
  return { attemptIds, topicIds: [topic.body.id], date: challengeDate };
}

/** NDJSON lines of an export, by record id. */
async function exported(arena: RunningArena, path: string): Promise<Map<string, string>> {
  const text = await (await fetch(`${arena.baseUrl}${path}`)).text();
  return new Map(
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => [JSON.parse(line).id as string, line]),
  );
}

async function expectRestored(original: RunningArena, restored: RunningArena, backedUp: BackedUp): Promise<void> {
  const attempts = `/api/exports/attempts?date=${backedUp.date}`;
  const [before, after] = [await exported(original, attempts), await exported(restored, attempts)];
  // Each record written before the backup, served as the original serves it (its replay, its receipt).
  for (const id of backedUp.attemptIds) expect(after.get(id), `attempt ${id}`).toBe(before.get(id));
  // Nothing the original never held; what was written during the backup is there or not, whole.
  for (const [id, line] of after) expect(line, `attempt ${id}`).toBe(before.get(id));
  const [topicsBefore, topicsAfter] = [await exported(original, '/api/exports/topics'), await exported(restored, '/api/exports/topics')];
  for (const id of backedUp.topicIds) expect(topicsAfter.get(id)).toBe(topicsBefore.get(id));

  // Every receipt the restored arena serves verifies against its own published keys.
  const jwks = createLocalJWKSet(await (await fetch(`${restored.baseUrl}/.well-known/jwks.json`)).json());
  for (const line of after.values()) await jwtVerify(JSON.parse(line).receiptToken, jwks, { typ: 'receipt+jwt' });
  // And its figures count what it holds.
  const stats = (await client(() => restored.baseUrl).get('/api/stats')).body;
  expect(stats.totals.retainedAttempts).toBe(after.size);
}
