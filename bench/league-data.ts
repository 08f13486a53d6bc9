import { createHash, randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { KEY_FILE_NAME, loadOrCreateKeys } from '../adapters/local/key-file.ts';
import { DATABASE_FILE } from '../adapters/local/open-store.ts';
import { createArena, encodeBase64Url } from '../core/index.ts';
import { MAX_ACTIONS } from '../core/games/packet-run/actions.ts';
import type { Board } from '../core/games/packet-run/board.ts';
import { challengeIdFor } from '../core/games/packet-run/daily-board.ts';
import { firstKey, keyDigest } from '../core/agents/keys.ts';
import type { DayCounts, NewAttempt, Totals } from '../core/league/records.ts';
import type { Store } from '../core/store/store.ts';
import { utcDate } from '../core/time/utc-day.ts';
import { createPostgresDialect, createSqliteDialect, openStore } from '../storage/index.ts';
import { COMPACTIONS } from '../storage/pending-figures.ts';
import { finishingTape, freshKey, freshNonce } from '../test/support/fixtures/league.ts';
import { openMemoryStore } from '../test/support/fixtures/memory-store.ts';
import { BENCH_ORIGIN } from './arena-context.ts';
import type { Cluster } from './postgres.ts';
import { tapePool } from './tapes.ts';

/**
 * Prepared league databases for cases that read at scale: agents and attempts written straight
 * into the store's schema in bulk (the API would take hours for a million), so the schema's
 * triggers keep the per-day counts, daily bests and season totals exactly as in production.
 */

/** Who played when; every agent plays every day the league covers. */
export interface LeagueShape {
  agents: number;
  /** Whole UTC days before today, each with `perPastDay` attempts by every agent. */
  pastDays: number;
  perPastDay: number;
  /** Today's attempts by every agent, spread from 00:00 UTC to the moment of population. */
  perToday: number;
}

export function attemptsIn(shape: LeagueShape): number {
  return shape.agents * (shape.pastDays * shape.perPastDay + shape.perToday);
}

/** A populated league and what the Node adapter needs to serve it. */
export interface PreparedLeague {
  /** Environment for `adapters/node/main.ts`: `ARENA_DATA_DIR`, or `DATABASE_URL` and the keys. */
  env: Record<string, string>;
  date: string;
  attempts: number;
  /** Size of the database, in bytes. */
  bytes: number;
  /** Seconds the population took (when it was populated by an earlier run, then). */
  populationSeconds: number;
  /** Whether an earlier run's database was reused. */
  reused: boolean;
}

type Keys = { signingKey: Uint8Array; secret: Uint8Array };

/** Size of the pool of real answers the attempts reuse, cyclically. */
export const POOL_SIZE = 1_024;
/** One pool entry in this many is a finishing tape (joins use only those). */
export const FINISHING_EVERY = 4;
/** Attempts of each agent making the pool: a multiple of FINISHING_EVERY, so each join falls on a finishing tape. */
export const PER_POOL_AGENT = 8;
const DAY_MS = 86_400_000;
/** Changes whenever the way a cached database is populated changes, so older caches are rebuilt. */
const FORMAT = 3;
const META_FILE = 'bench-meta.json';
/** Attempts per PostgreSQL transaction while populating (each one flushed lazily). */
const POSTGRES_CHUNK = 500;

/** What a cached database was made of; it is reused only while all of this still holds. */
interface Meta {
  format: number;
  schema: string;
  shape: LeagueShape;
  date: string;
  attempts: number;
  populationSeconds: number;
}

// ---------------------------------------------------------------------------------------------
// SQLite: a folder the adapter serves as its ARENA_DATA_DIR.

/**
 * The SQLite league of `shape` in `dir`, reused when an earlier run left a valid one there (see
 * `Meta`, and the row counts it should hold), otherwise populated anew: built beside `dir` and
 * moved into place only once verified, so an interrupted population is never reused.
 */
export async function cachedSqliteLeague(dir: string, shape: LeagueShape, log: (line: string) => void): Promise<PreparedLeague> {
  const schema = await sqliteSchemaNow();
  const date = utcDate(Date.now());
  const meta = readMeta(dir);
  const reason = whyNotReusable(meta, shape, schema, date) ?? sqliteHoldsWrongCounts(join(dir, DATABASE_FILE), shape, date, schema);
  if (reason === undefined) return { env: { ARENA_DATA_DIR: dir }, ...fromMeta(meta!), bytes: statSync(join(dir, DATABASE_FILE)).size };
  log(`${dir}: ${reason}; populating ${count(attemptsIn(shape))} attempts`);
  rmSync(dir, { recursive: true, force: true });
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  const prepared = await populateSqliteLeague(building, shape, log);
  writeMeta(building, { format: FORMAT, schema, shape, date: prepared.date, attempts: prepared.attempts, populationSeconds: prepared.populationSeconds });
  renameSync(building, dir);
  return { ...prepared, env: { ARENA_DATA_DIR: dir } };
}

/**
 * Populates `dir` as the Node adapter finds its data folder: `keys.json` (copied from
 * `keysFrom` when given, else made as the adapter makes it on first start) and `arena.db`,
 * migrated, then written in bulk and verified.
 */
export async function populateSqliteLeague(dir: string, shape: LeagueShape, log: (line: string) => void, keysFrom?: string): Promise<PreparedLeague> {
  const start = performance.now();
  // Private, as the adapters make their data folders: it holds a key file.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (keysFrom !== undefined) copyFileSync(join(keysFrom, KEY_FILE_NAME), join(dir, KEY_FILE_NAME));
  const keys = await loadOrCreateKeys(dir);
  const path = join(dir, DATABASE_FILE);
  const db = new Database(path);
  const store = await openStore(createSqliteDialect(db), 'sqlite');
  let date: string;
  try {
    // The population needs no durability: an interrupted one is thrown away.
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    const insertAgent = db.prepare('INSERT INTO agents (id, handle, display_name, model, sent_by, key_digest, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const insertAttempt = db.prepare(`INSERT INTO attempts (${ATTEMPT_COLUMNS.join(', ')}) VALUES (${ATTEMPT_COLUMNS.map(() => '?').join(', ')})`);
    const writer: LeagueWriter = {
      agents: async (rows) => db.transaction(() => rows.forEach((row) => insertAgent.run(...agentValues(row))))(),
      attempts: async (rows) => db.transaction(() => rows.forEach((row) => insertAttempt.run(...attemptValues(row, (exit) => (exit ? 1 : 0)))))(),
    };
    const written = await writeLeague(writer, shape, keys, log, start);
    date = written.date;
    await verifyLeague(store, written.expected);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await store.close();
  }
  // Written out now, not by the kernel while reads are measured.
  const file = openSync(path, 'r+');
  fsyncSync(file);
  closeSync(file);
  return { env: { ARENA_DATA_DIR: dir }, date, attempts: attemptsIn(shape), bytes: statSync(path).size, populationSeconds: (performance.now() - start) / 1000, reused: false };
}

/** Why the counts of the SQLite database at `path` are not those of `shape` today, if they are not. */
function sqliteHoldsWrongCounts(path: string, shape: LeagueShape, date: string, schema: string): string | undefined {
  if (!existsSync(path)) return 'no database file';
  const db = new Database(path, { fileMustExist: true });
  try {
    if (sqliteSchemaOf(db) !== schema) return 'its schema differs from the store’s';
    const attempts = (db.prepare('SELECT count(*) AS n FROM attempts').get() as { n: number }).n;
    const totals = db.prepare('SELECT agents, attempts FROM league_totals WHERE id = 1').get() as Pick<Totals, 'agents' | 'attempts'> | undefined;
    const today = (db.prepare('SELECT attempt_count AS n FROM day_counts WHERE date = ?').get(date) as { n: number } | undefined)?.n;
    return wrongCounts(shape, attempts, totals, today);
  } finally {
    db.close();
  }
}

/** A digest of the tables, indexes and triggers of a SQLite database (not Kysely's own tables). */
function sqliteSchemaOf(db: Database.Database): string {
  const rows = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'kysely%' AND name NOT LIKE 'sqlite%' ORDER BY type, name").all();
  return digest(rows);
}

/** The digest of the schema the store's migrations make on SQLite today. */
async function sqliteSchemaNow(): Promise<string> {
  const db = new Database(':memory:');
  const store = await openStore(createSqliteDialect(db), 'sqlite');
  try {
    return sqliteSchemaOf(db);
  } finally {
    await store.close();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a database of a cluster the bench keeps, served through DATABASE_URL.

/**
 * The PostgreSQL league of `shape` in database `name` of `cluster`, reused when an earlier run
 * left a valid one (its metadata and keys are kept in `dir`), otherwise populated anew in a
 * database renamed to `name` only once verified.
 */
export async function cachedPostgresLeague(cluster: Cluster, name: string, dir: string, shape: LeagueShape, log: (line: string) => void): Promise<PreparedLeague> {
  const schema = await postgresSchemaNow(cluster);
  const date = utcDate(Date.now());
  const meta = readMeta(dir);
  const keys = await loadOrCreateKeys(dir);
  const reason = whyNotReusable(meta, shape, schema, date) ?? (await postgresHoldsWrongCounts(cluster, name, shape, date, schema));
  if (reason === undefined) return { env: postgresEnv(cluster.urlOf(name), keys), ...fromMeta(meta!), bytes: await sizeOf(cluster.urlOf(name)) };
  log(`PostgreSQL database ${name}: ${reason}; populating ${count(attemptsIn(shape))} attempts`);
  rmSync(join(dir, META_FILE), { force: true });
  const building = `${name}_building`;
  await recreateDatabase(cluster, building);
  const prepared = await populatePostgresLeague(cluster.urlOf(building), keys, shape, log);
  await admin(cluster, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  });
  writeMeta(dir, { format: FORMAT, schema, shape, date: prepared.date, attempts: prepared.attempts, populationSeconds: prepared.populationSeconds });
  return { ...prepared, env: postgresEnv(cluster.urlOf(name), keys) };
}

/** (Re)creates database `name` of the cluster, empty. */
export async function recreateDatabase(cluster: Cluster, name: string): Promise<void> {
  await admin(cluster, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
}

/** Drops database `name` of the cluster. */
export async function dropDatabase(cluster: Cluster, name: string): Promise<void> {
  await admin(cluster, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * Populates the empty database at `url`: migrated through the store, written in bulk (INSERT …
 * SELECT FROM unnest(…), POSTGRES_CHUNK attempts a transaction, so the triggers run row by row
 * as for the API), verified, then vacuumed, analysed and checkpointed, so neither autovacuum,
 * missing statistics nor a checkpoint disturb the reads measured next.
 */
export async function populatePostgresLeague(url: string, keys: Keys, shape: LeagueShape, log: (line: string) => void): Promise<PreparedLeague> {
  const start = performance.now();
  const store = await openStore(createPostgresDialect(new pg.Pool({ connectionString: url, max: 2 })), 'postgres');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let date: string;
  try {
    await client.query('SET synchronous_commit = off');
    const casts = ['text', 'text', 'text', 'text', 'text', 'int', 'text', 'int', 'boolean', 'text', 'text', 'text', 'text', 'text', 'text'];
    const insertAttempts = `INSERT INTO attempts (${ATTEMPT_COLUMNS.join(', ')}) SELECT * FROM unnest(${casts.map((cast, i) => `$${i + 1}::${cast}[]`).join(', ')})`;
    const writer: LeagueWriter = {
      async agents(rows) {
        const values = rows.map(agentValues);
        await client.query(
          'INSERT INTO agents (id, handle, display_name, model, sent_by, key_digest, created_at) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])',
          columnsOf(values, 7),
        );
      },
      async attempts(rows) {
        for (let from = 0; from < rows.length; from += POSTGRES_CHUNK) {
          const values = rows.slice(from, from + POSTGRES_CHUNK).map((row) => attemptValues(row, (exit) => exit));
          await client.query(insertAttempts, columnsOf(values, ATTEMPT_COLUMNS.length));
        }
      },
    };
    const written = await writeLeague(writer, shape, keys, log, start);
    date = written.date;
    await verifyLeague(store, written.expected);
    // The triggers left each attempt's shares pending, as the arena's writes do; the arena
    // compacts a second after its writes, so a read sums a second's worth, not a million.
    for (const compaction of COMPACTIONS) await client.query(compaction);
    await client.query('VACUUM (ANALYZE)');
    // Written out now, not by a checkpoint while reads are measured.
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
    await store.close();
  }
  const bytes = await sizeOf(url);
  return { env: postgresEnv(url, keys), date, attempts: attemptsIn(shape), bytes, populationSeconds: (performance.now() - start) / 1000, reused: false };
}

async function postgresHoldsWrongCounts(cluster: Cluster, name: string, shape: LeagueShape, date: string, schema: string): Promise<string | undefined> {
  const exists = await admin(cluster, async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
  if (!exists) return 'no such database';
  return onDatabase(cluster.urlOf(name), async (client) => {
    if ((await postgresSchemaOf(client)) !== schema) return 'its schema differs from the store’s';
    const attempts = Number((await client.query('SELECT count(*) AS n FROM attempts')).rows[0].n);
    const totals = (await client.query('SELECT agents, attempts FROM league_totals WHERE id = 1')).rows[0] as Pick<Totals, 'agents' | 'attempts'> | undefined;
    const today = (await client.query('SELECT attempt_count AS n FROM day_counts WHERE date = $1', [date])).rows[0]?.n as number | undefined;
    return wrongCounts(shape, attempts, totals && { agents: Number(totals.agents), attempts: Number(totals.attempts) }, today);
  });
}

/** A digest of the columns, constraints, indexes, triggers and functions of the public schema (not Kysely's tables). */
async function postgresSchemaOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query(`
    SELECT 'column' AS kind, table_name || '.' || column_name || ' ' || data_type || ' ' || coalesce(collation_name, '') || ' ' || is_nullable AS def
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely%'
    UNION ALL SELECT 'constraint', conrelid::regclass::text || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text NOT LIKE 'kysely%'
    UNION ALL SELECT 'index', indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely%'
    UNION ALL SELECT 'trigger', pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'function', proname || ' ' || md5(prosrc) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
    ORDER BY 1, 2`);
  return digest(rows);
}

/** The digest of the schema the store's migrations make on PostgreSQL today, from a scratch database. */
async function postgresSchemaNow(cluster: Cluster): Promise<string> {
  const name = 'bench_schema_probe';
  await recreateDatabase(cluster, name);
  try {
    const store = await openStore(createPostgresDialect(new pg.Pool({ connectionString: cluster.urlOf(name), max: 1 })), 'postgres');
    await store.close();
    return await onDatabase(cluster.urlOf(name), postgresSchemaOf);
  } finally {
    await dropDatabase(cluster, name);
  }
}

function postgresEnv(url: string, keys: Keys): Record<string, string> {
  return { DATABASE_URL: url, ARENA_SIGNING_KEY: encodeBase64Url(keys.signingKey), ARENA_SECRET: encodeBase64Url(keys.secret) };
}

async function sizeOf(url: string): Promise<number> {
  return onDatabase(url, async (client) => Number((await client.query('SELECT pg_database_size(current_database()) AS bytes')).rows[0].bytes));
}

async function onDatabase<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function admin<T>(cluster: Cluster, use: (client: pg.Client) => Promise<T>): Promise<T> {
  return onDatabase(cluster.urlOf('postgres'), use);
}

// ---------------------------------------------------------------------------------------------
// Shared: the pool of answers, the rows, their writing and the check that follows.

/** The fields of a retained attempt that come from its run; the result as the store keeps it, JSON text. */
type PooledAnswer = Pick<NewAttempt, 'actions' | 'score' | 'reachedExit' | 'benchmark' | 'checksum' | 'receiptToken'> & { result: string };

/**
 * POOL_SIZE real answers on today's league board, each the retained attempt of a real `POST
 * /api/league/join` or `POST /api/league/submit` answered in process by an arena with the
 * league's keys (on a store in memory): each of POOL_SIZE / PER_POOL_AGENT agents joins, then
 * submits. One tape in FINISHING_EVERY (every join among them) is the solver's finishing tape
 * padded with a seeded pool tape's letters (ignored once EXIT is reached); the rest are seeded
 * pool tapes.
 */
async function answerPool(keys: Keys): Promise<PooledAnswer[]> {
  const store = await openMemoryStore();
  try {
    // Every agent of the pool joins from this one process: the hourly budget of anonymous writes is off.
    const arena = createArena({ signingKey: keys.signingKey, secret: keys.secret, store, anonymousWritesPerHour: 0 });
    const call = async (path: string, body?: unknown, key?: string) => {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': freshKey() };
      if (key !== undefined) headers.authorization = `Bearer ${key}`;
      const init = body === undefined ? {} : { method: 'POST', headers, body: JSON.stringify(body) };
      const response = await arena.fetch(new Request(`${BENCH_ORIGIN}${path}`, init));
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status} while the answer pool was made: ${text}`);
      return JSON.parse(text) as Record<string, any>;
    };
    const league = await call('/api/league');
    const finishing = finishingTape(league.board as Board);
    const tapes = tapePool(POOL_SIZE, 0x1ea9e).map((tape, i) => (i % FINISHING_EVERY === 0 ? (finishing + tape.join('')).slice(0, MAX_ACTIONS) : tape.join('')));
    const pool: PooledAnswer[] = [];
    const keep = (attempt: Record<string, any>) =>
      pool.push({
        actions: attempt.actions,
        score: attempt.score,
        reachedExit: attempt.reachedExit,
        benchmark: attempt.benchmark,
        checksum: attempt.checksum,
        receiptToken: attempt.receiptToken,
        result: JSON.stringify(attempt.result),
      });
    for (let first = 0; first < POOL_SIZE; first += PER_POOL_AGENT) {
      const agent = { handle: `bench-pool-${first / PER_POOL_AGENT}`, model: 'bench-model-1', sentBy: 'bench' };
      const joined = await call('/api/league/join', { challengeToken: league.challengeToken, actions: tapes[first], registrationNonce: freshNonce(), agent });
      keep(joined.attempt);
      for (let i = first + 1; i < first + PER_POOL_AGENT; i++) {
        keep((await call('/api/league/submit', { challengeToken: league.challengeToken, actions: tapes[i] }, joined.apiKey)).attempt);
      }
    }
    return pool;
  } finally {
    await store.close();
  }
}

interface AgentRow {
  id: string;
  handle: string;
  displayName: string;
  model: string;
  sentBy: string;
  keyDigest: string;
  createdAt: string;
}

interface AttemptRow {
  id: string;
  agentId: string;
  kind: 'join' | 'submit';
  challengeId: string;
  date: string;
  number: number;
  answer: PooledAnswer;
  /** JSON text. */
  declaration: string;
  createdAt: string;
}

const ATTEMPT_COLUMNS = [
  'id',
  'agent_id',
  'kind',
  'challenge_id',
  'date',
  'number',
  'actions',
  'score',
  'reached_exit',
  'benchmark',
  'checksum',
  'receipt_token',
  'result',
  'declaration',
  'created_at',
] as const;

function agentValues(row: AgentRow): unknown[] {
  return [row.id, row.handle, row.displayName, row.model, row.sentBy, row.keyDigest, row.createdAt];
}

/** In ATTEMPT_COLUMNS order; `flag` binds a boolean as the family stores it. */
function attemptValues(row: AttemptRow, flag: (value: boolean) => unknown): unknown[] {
  const { answer } = row;
  return [
    row.id,
    row.agentId,
    row.kind,
    row.challengeId,
    row.date,
    row.number,
    answer.actions,
    answer.score,
    flag(answer.reachedExit),
    answer.benchmark,
    answer.checksum,
    answer.receiptToken,
    answer.result,
    row.declaration,
    row.createdAt,
  ];
}

/** Rows of values as one array per column, as `unnest` takes them. */
function columnsOf(rows: unknown[][], width: number): unknown[][] {
  return Array.from({ length: width }, (_, column) => rows.map((row) => row[column]));
}

/** Writes rows the way the family needs: each call inside transactions of its own. */
interface LeagueWriter {
  agents(rows: AgentRow[]): Promise<void>;
  /** One day's attempts, in time order. */
  attempts(rows: AttemptRow[]): Promise<void>;
}

/** What the store must say once the league is written. */
interface ExpectedLeague {
  days: DayCounts[];
  totals: Totals;
  /** Season total and days by agent id. */
  season: Map<string, { total: number; days: number }>;
}

/**
 * Writes the agents, then every day's attempts in time order, through plain INSERTs, so the
 * triggers run as they do for the API; returns today's date and what the counts must be. An
 * agent's first attempt is its join, with a finishing answer; the rest take the pool's answers
 * in turn.
 */
async function writeLeague(writer: LeagueWriter, shape: LeagueShape, keys: Keys, log: (line: string) => void, start: number): Promise<{ date: string; expected: ExpectedLeague }> {
  const now = Date.now();
  const today = utcDate(now);
  const pool = await answerPool(keys);
  const finishers = pool.filter((answer) => answer.reachedExit);
  if (finishers.length === 0) throw new Error('the answer pool holds no finishing run');
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const days = [
    ...Array.from({ length: shape.pastDays }, (_, k) => ({ start: todayStart - (shape.pastDays - k) * DAY_MS, span: DAY_MS, per: shape.perPastDay })),
    { start: todayStart, span: Math.max(1, now - todayStart), per: shape.perToday },
  ];
  // Attempt `n` (1-based) of agent `a` on a day: the day's attempts evenly spread over its span.
  const timeOf = (day: (typeof days)[number], n: number, a: number) =>
    new Date(day.start + Math.floor((((n - 1) * shape.agents + a + 1) * day.span) / (day.per * shape.agents + 1))).toISOString();

  const agents: AgentRow[] = Array.from({ length: shape.agents }, (_, a) => {
    const handle = `bench-reader-${String(a).padStart(4, '0')}`;
    return {
      id: `agt_${randomBytes(16).toString('hex')}`,
      handle,
      displayName: `Bench reader ${a}`,
      model: 'bench-model-1',
      sentBy: 'bench',
      keyDigest: keyDigest(firstKey(keys.secret, { nonce: `bench-reader-nonce-${handle}-0123456789` })),
      createdAt: timeOf(days[0]!, 1, a),
    };
  });
  const declarations = agents.map((agent) => JSON.stringify({ handle: agent.handle, displayName: agent.displayName, model: agent.model, sentBy: agent.sentBy }));
  await writer.agents(agents);

  const expected: ExpectedLeague = {
    days: [],
    totals: { agents: shape.agents, entrants: 0, attempts: 0 },
    season: new Map(agents.map((agent) => [agent.id, { total: 0, days: 0 }])),
  };
  let next = 0;
  for (const [dayIndex, day] of days.entries()) {
    const date = utcDate(day.start);
    const challengeId = challengeIdFor(date);
    const best = new Array<number>(shape.agents).fill(-Infinity);
    const finished = new Array<boolean>(shape.agents).fill(false);
    const ids = randomBytes(16 * day.per * shape.agents).toString('hex');
    const rows: AttemptRow[] = [];
    for (let n = 1; n <= day.per; n++) {
      for (let a = 0; a < shape.agents; a++) {
        const join = dayIndex === 0 && n === 1;
        const answer = join ? finishers[a % finishers.length]! : pool[next++ % pool.length]!;
        const slot = rows.length;
        rows.push({
          id: `att_${ids.slice(slot * 32, slot * 32 + 32)}`,
          agentId: agents[a]!.id,
          kind: join ? 'join' : 'submit',
          challengeId,
          date,
          number: n,
          answer,
          declaration: declarations[a]!,
          createdAt: timeOf(day, n, a),
        });
        best[a] = Math.max(best[a]!, answer.score);
        finished[a] ||= answer.reachedExit;
      }
    }
    await writer.attempts(rows);
    expected.days.push({ date, fieldSize: shape.agents, finisherCount: finished.filter(Boolean).length, attemptCount: rows.length });
    expected.totals.attempts += rows.length;
    // Each attempt of a day is one per agent, so a day with attempts has every agent entered.
    if (rows.length > 0) expected.totals.entrants = shape.agents;
    agents.forEach((agent, a) => {
      const season = expected.season.get(agent.id)!;
      season.total += best[a]!;
      season.days += 1;
    });
    if (days.length > 10 && (dayIndex + 1) % 10 === 0) {
      log(`  ${count(expected.totals.attempts)} attempts written (${((performance.now() - start) / 1000).toFixed(0)} s)`);
    }
  }
  return { date: today, expected };
}

/**
 * Sanity check of a populated league through the Store, as the routes read it: every day's
 * counts, the whole-arena totals and every agent's season total must be what was written.
 */
async function verifyLeague(store: Store, expected: ExpectedLeague): Promise<void> {
  const mismatch = (what: string, found: unknown, wanted: unknown) =>
    new Error(`the populated league is wrong: ${what} is ${JSON.stringify(found)}, not ${JSON.stringify(wanted)}`);
  for (const day of expected.days) {
    const counts = await store.dayCounts(day.date);
    if (JSON.stringify(counts) !== JSON.stringify(day)) throw mismatch(`dayCounts(${day.date})`, counts, day);
  }
  const totals = await store.totals();
  if (JSON.stringify(totals) !== JSON.stringify(expected.totals)) throw mismatch('totals()', totals, expected.totals);
  let seen = 0;
  let after: string | null | undefined;
  do {
    const page = await store.seasonStandings(after ? { limit: 100, after } : { limit: 100 });
    for (const row of page.rows) {
      const wanted = expected.season.get(row.agent.id);
      if (wanted?.total !== row.total || wanted.days !== row.days) throw mismatch(`the season row of ${row.agent.handle}`, row, wanted);
      seen++;
    }
    after = page.next;
  } while (after);
  if (seen !== expected.season.size) throw mismatch('the number of season rows', seen, expected.season.size);
}

function readMeta(dir: string): Meta | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, META_FILE), 'utf8')) as Meta;
  } catch {
    return undefined;
  }
}

function writeMeta(dir: string, meta: Meta): void {
  writeFileSync(join(dir, META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
}

function fromMeta(meta: Meta): Omit<PreparedLeague, 'env' | 'bytes'> {
  return { date: meta.date, attempts: meta.attempts, populationSeconds: meta.populationSeconds, reused: true };
}

/** Why a cached database described by `meta` cannot be reused, or undefined while it can (its counts are checked apart). */
function whyNotReusable(meta: Meta | undefined, shape: LeagueShape, schema: string, date: string): string | undefined {
  if (meta === undefined) return 'no prepared database';
  if (meta.format !== FORMAT) return `population format ${meta.format}, not ${FORMAT}`;
  if (meta.schema !== schema) return 'prepared on an older schema';
  if (JSON.stringify(meta.shape) !== JSON.stringify(shape)) return 'prepared with another shape';
  if (meta.date !== date) return `prepared for ${meta.date}, and today is ${date}`;
  return undefined;
}

function wrongCounts(shape: LeagueShape, attempts: number, totals: Pick<Totals, 'agents' | 'attempts'> | undefined, today: number | undefined): string | undefined {
  const expected = attemptsIn(shape);
  if (attempts === expected && totals?.attempts === expected && totals.agents === shape.agents && today === shape.agents * shape.perToday) return undefined;
  return `it holds ${attempts} attempts (totals ${totals?.attempts}, today ${today}), not ${expected}`;
}

function digest(rows: unknown): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

const count = (n: number) => n.toLocaleString('en-US');
