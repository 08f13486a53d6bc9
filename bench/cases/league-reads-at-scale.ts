import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateKeys } from '../../adapters/local/key-file.ts';
import { compared, medianRow, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import {
  attemptsIn,
  cachedPostgresLeague,
  cachedSqliteLeague,
  dropDatabase,
  FINISHING_EVERY,
  PER_POOL_AGENT,
  POOL_SIZE,
  populatePostgresLeague,
  populateSqliteLeague,
  recreateDatabase,
  type LeagueShape,
  type PreparedLeague,
} from '../league-data.ts';
import { prime, runLoad, type LoadResult, type LoadSettings } from '../load.ts';
import { startCluster } from '../postgres.ts';

/** Only the attempts (and the past days' aggregates) grow: the agents and today's field are the same. */
export const SMALL: LeagueShape = { agents: 1_000, pastDays: 0, perPastDay: 0, perToday: 1 };
export const LARGE: LeagueShape = { agents: 1_000, pastDays: 99, perPastDay: 10, perToday: 10 };

/** Where the large databases are kept between runs (git-ignored). */
export const SQLITE_CACHE = fileURLToPath(new URL('../.out/league-reads-1m', import.meta.url));
const POSTGRES_CACHE = fileURLToPath(new URL('../.out/league-reads-1m-pg', import.meta.url));
/** The kept cluster's own folder, apart from the cache's key file: the server's user owns it. */
const POSTGRES_CLUSTER = fileURLToPath(new URL('../.out/league-reads-1m-pg-cluster', import.meta.url));
const POSTGRES_LARGE = 'league_1m';
const POSTGRES_SMALL = 'league_1k';

/** The listing's first page (20 attempts, newest first) as a client reads it, with no filter. */
const PATHS = ['/api/league', '/api/leaderboard', '/api/league/attempts'] as const;
type Path = (typeof PATHS)[number];

/** One connection: each request waits for the one before, so latency is measured, not throughput. */
const LOAD: LoadSettings = { connections: 1, warmupSeconds: 0, durationSeconds: 6 };
const PRIME_SECONDS = 2;

/** Alternating and balanced, as in http-play-node, for each path in turn. */
const ORDER = ['small', 'large', 'large', 'small', 'small', 'large'] as const;
type Side = (typeof ORDER)[number];

interface Run extends LoadResult {
  /** The server's own CPU time per answered request, in microseconds. */
  cpuMicros: number;
}

/** One store family's pair of leagues, and what the notes say about it. */
interface Family {
  name: 'SQLite' | 'PostgreSQL';
  leagues: Record<Side, PreparedLeague>;
  about: string;
}

const count = (n: number) => n.toLocaleString('en-US');
const log = (line: string) => console.error(`league-reads-at-scale: ${line}`);

/** Whether league reads stay flat as the attempts table grows a thousandfold. */
export const leagueReadsAtScaleCase: BenchCase = {
  name: 'league-reads-at-scale',
  about: `
Latency and the server's own CPU time per request (user and system time of its process, from
/proc, over the measured run) of \`GET /api/league\`, \`GET /api/leaderboard\` and the first page of
\`GET /api/league/attempts\` (20 attempts, newest first) on the real Node adapter
(\`adapters/node/main.ts\`, each league in its own child process) with ${count(attemptsIn(LARGE))}
retained attempts, against a baseline with ${count(attemptsIn(SMALL))}, on SQLite and on PostgreSQL; the ratio is
the figure at ${count(attemptsIn(LARGE))} ÷ the figure at ${count(attemptsIn(SMALL))}, and should be close to 1, since the first two reads
touch only trigger-kept tables through their indexes (today's \`day_counts\` row, the one
\`league_totals\` row, the first page of today's \`day_bests\` and of \`season_totals\`) and the listing
reads the newest 20 rows of \`attempts\` through its \`(created_at, id)\` index. Both leagues
have the same ${count(LARGE.agents)} agents and the same field today (all of them, so today's standings and the
season have ${count(LARGE.agents)} rows each); only the attempts grow. Small: one attempt per agent, its join,
today. Large: every agent plays ${LARGE.perPastDay} attempts on each of the ${LARGE.pastDays} days before today (its first is
its join) and ${LARGE.perToday} today, spread over each day in time order (today's up to the moment of
population): \`attempts\` holds ${count(attemptsIn(LARGE))} rows and \`day_bests\` ${count(LARGE.agents * (LARGE.pastDays + 1))}. The rows are written
straight into the store's schema in bulk (better-sqlite3 prepared INSERTs, one transaction a day;
on PostgreSQL \`INSERT … SELECT FROM unnest(…)\`, 500 rows a transaction, then \`VACUUM (ANALYZE)\` and
a checkpoint, so neither autovacuum nor a checkpoint runs while reads are measured), so the
schema's triggers keep \`day_counts\`, \`day_bests\`, \`season_totals\` and \`league_totals\` exactly as
the API would. Each attempt's \`result\`, \`receiptToken\`, checksum, score and tape come from a pool
of ${count(POOL_SIZE)} real retained attempts, made beforehand by real \`POST /api/league/join\` and
\`POST /api/league/submit\` requests on today's board, in process, with the league's own keys
(${POOL_SIZE / PER_POOL_AGENT} agents joining and submitting ${PER_POOL_AGENT - 1} times each; one tape in ${FINISHING_EVERY} finishing, the rest seeded
pseudo-random), reused cyclically, with each row's own agent, date, number, declaration and
time: a past day's rows carry a result made on today's board. After population, \`dayCounts\` of
every day, \`totals\` and every agent's season row are checked through the Store against what was
written, and the case fails on any difference; before measuring, each server's own answers must
show the expected field and totals. The large databases are kept between runs and reused while
their population format, the store's schema (compared with a freshly migrated database), the row
counts and the UTC date still match, so only the first run of a day pays for population (the
notes say how long it took and how large the database is); the small ones are made anew each
run. SQLite: the adapter's \`ARENA_DATA_DIR\` is a prepared folder (\`arena.db\` and the \`keys.json\`
the adapter itself makes), the large one \`bench/.out/league-reads-1m/\`. PostgreSQL: a cluster the
bench keeps in \`bench/.out/league-reads-1m-pg-cluster/\` (Debian's server binaries, default settings; not
\`DATABASE_URL\`'s server, since the large database must outlive the run), one database per
league, the adapter given \`DATABASE_URL\` and the league's keys (its default pool of 10). Over
HTTP with autocannon from the bench process, one connection, so every request waits for the one
before: each server first gets ${PRIME_SECONDS} s of unmeasured load per path, then each path is run ${ORDER.length / 2} times on
each server in the order ${ORDER.join(', ')} (no warm-up after the priming, ${LOAD.durationSeconds} s
measured), one family after the other. Figures are medians of each side's runs, ratios medians
of the ratios of neighbouring runs. The PostgreSQL server runs detached from the bench (\`pg_ctl\`
starts it), so the CPU figure below counts its work as other processes'.`,
  async run() {
    const rows = await measureSqlite();
    const postgres = await measurePostgres();
    if (postgres === undefined) rows[0]!.note += '; PostgreSQL not measured: no server binary here';
    return [...rows, ...(postgres ?? [])];
  },
};

/** SQLite, each league a folder the adapter serves as its ARENA_DATA_DIR. */
async function measureSqlite(): Promise<Row[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-league-reads-'));
  try {
    const large = await cachedSqliteLeague(SQLITE_CACHE, LARGE, log);
    logPopulation('SQLite', large);
    // The large league's keys, so both serve the same board and token.
    const small = await populateSqliteLeague(scratch, SMALL, log, SQLITE_CACHE);
    return await measureFamily({ name: 'SQLite', leagues: { small, large }, about: 'better-sqlite3, WAL' });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** PostgreSQL, each league a database of the kept cluster; undefined where there is no server binary. */
async function measurePostgres(): Promise<Row[] | undefined> {
  mkdirSync(POSTGRES_CACHE, { recursive: true, mode: 0o700 });
  const cluster = await startCluster('league-reads', POSTGRES_CLUSTER);
  if (cluster === undefined) return undefined;
  try {
    const large = await cachedPostgresLeague(cluster, POSTGRES_LARGE, POSTGRES_CACHE, LARGE, log);
    logPopulation('PostgreSQL', large);
    await recreateDatabase(cluster, POSTGRES_SMALL);
    const small = await populatePostgresLeague(cluster.urlOf(POSTGRES_SMALL), await loadOrCreateKeys(POSTGRES_CACHE), SMALL, log);
    return await measureFamily({ name: 'PostgreSQL', leagues: { small, large }, about: `${cluster.version}, kept cluster, default settings` });
  } finally {
    await dropDatabase(cluster, POSTGRES_SMALL).catch(() => undefined);
    await cluster.stop();
  }
}

function logPopulation(family: string, league: PreparedLeague): void {
  log(
    league.reused
      ? `${family}: reusing ${count(league.attempts)} attempts (${gigabytes(league)} GB, populated in ${league.populationSeconds.toFixed(0)} s by an earlier run)`
      : `${family}: populated ${count(league.attempts)} attempts in ${league.populationSeconds.toFixed(0)} s; the database is ${gigabytes(league)} GB`,
  );
}

/** Both leagues of a family served at once, each path run on them in ORDER. */
async function measureFamily(family: Family): Promise<Row[]> {
  const servers: ChildServer[] = [];
  try {
    const serving = {} as Record<Side, ChildServer>;
    const bytes = {} as Record<Side, Record<Path, number>>;
    for (const side of ['small', 'large'] as const) {
      const league = family.leagues[side];
      const server = await startChildServer(`adapters/node (${family.name}, ${count(league.attempts)} attempts)`, ['scripts/run-built.mjs', 'node'], league.env);
      servers.push(server);
      serving[side] = server;
      bytes[side] = await expectLeague(server.origin, side === 'small' ? SMALL : LARGE);
    }
    const runs = {} as Record<Path, Record<Side, Run[]>>;
    for (const path of PATHS) {
      for (const side of ['small', 'large'] as const) await prime(serving[side].origin + path, LOAD.connections, PRIME_SECONDS);
      runs[path] = { small: [], large: [] };
      for (const side of ORDER) runs[path][side].push(await measuredRun(serving[side], path));
    }
    const large = family.leagues.large;
    const population = `${gigabytes(large)} GB database, populated in ${large.populationSeconds.toFixed(0)} s ${large.reused ? 'by an earlier run today' : 'by this run'}`;
    return PATHS.flatMap((path, i) => rows(family.name, path, runs[path], bytes, i === 0 ? `${family.about}; ${population}` : undefined));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function measuredRun(server: ChildServer, path: Path): Promise<Run> {
  const before = server.cpuSeconds();
  const result = await runLoad(server.origin + path, LOAD);
  return { ...result, cpuMicros: ((server.cpuSeconds() - before) / result.requests) * 1e6 };
}

/**
 * Checks through HTTP that the server shows the prepared league (today's field and the totals,
 * so a run across 00:00 UTC fails here rather than measuring an empty day), and returns the
 * size of each path's answer.
 */
async function expectLeague(origin: string, shape: LeagueShape): Promise<Record<Path, number>> {
  const read = async (path: Path) => {
    const response = await fetch(origin + path);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
    return { bytes: Buffer.byteLength(text), body: JSON.parse(text) as Record<string, any> };
  };
  const status = await read('/api/league');
  const board = await read('/api/leaderboard');
  const today = shape.agents * shape.perToday;
  if (status.body.fieldSize !== shape.agents || status.body.attemptCount !== today) {
    throw new Error(`${origin}: today's field is ${status.body.fieldSize} agents with ${status.body.attemptCount} attempts, not ${shape.agents} with ${today}`);
  }
  const totals = board.body.totals as { agents: number; attempts: number };
  if (totals.agents !== shape.agents || totals.attempts !== attemptsIn(shape)) {
    throw new Error(`${origin}: the leaderboard counts ${totals.attempts} attempts of ${totals.agents} agents, not ${attemptsIn(shape)} of ${shape.agents}`);
  }
  if (board.body.daily.standings.length !== 20 || board.body.season.standings.length !== 20) throw new Error(`${origin}: the leaderboard's first pages are not full`);
  const attempts = await read('/api/league/attempts');
  if (attempts.body.attempts.length !== 20) throw new Error(`${origin}: the attempts listing's first page is not full`);
  return { '/api/league': status.bytes, '/api/leaderboard': board.bytes, '/api/league/attempts': attempts.bytes };
}

function rows(family: string, path: Path, runs: Record<Side, Run[]>, bytes: Record<Side, Record<Path, number>>, first: string | undefined): Row[] {
  const row = (side: Side, label: string, figure: (run: Run) => number, note?: string, unit = 'ms'): Row => {
    return medianRow(label, unit, runs[side].map(figure), note);
  };
  const requests = [...runs.small, ...runs.large].reduce((sum, run) => sum + run.requests, 0);
  const answers = `${bytes.large[path]}-byte answer (${bytes.small[path]} at ${count(attemptsIn(SMALL))}); ${count(requests)} measured requests, all 2xx`;
  const note = first === undefined ? answers : `${first}; ${answers}`;
  const large = `${family}, ${count(attemptsIn(LARGE))} attempts`;
  const small = `${family}, ${count(attemptsIn(SMALL))} attempts`;
  return [
    compared(
      row('large', `GET ${path} p50, ${large}`, (run) => run.p50Ms, note),
      row('small', `p50, ${small}`, (run) => run.p50Ms),
    ),
    compared(
      row('large', `GET ${path} p99, ${large}`, (run) => run.p99Ms),
      row('small', `p99, ${small}`, (run) => run.p99Ms),
    ),
    compared(
      row('large', `GET ${path} server CPU per request, ${large}`, (run) => run.cpuMicros, undefined, 'µs'),
      row('small', `server CPU per request, ${small}`, (run) => run.cpuMicros, undefined, 'µs'),
    ),
  ];
}

function gigabytes(league: PreparedLeague): string {
  return (league.bytes / 1e9).toFixed(1);
}
