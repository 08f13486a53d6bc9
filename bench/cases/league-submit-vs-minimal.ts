import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createLocalJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { DATABASE_FILE } from '../../adapters/local/open-store.ts';
import { bundleServers } from '../../scripts/build.mjs';
import { MAXIMUM_ATTEMPTS_PER_AGENT } from '../../core/league/attempts.ts';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { compared, medianRow, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { joinAgents, type JoinedLeague } from '../league-joins.ts';
import { startCluster, type Cluster } from '../postgres.ts';
import { clusterCpuMeter } from '../postgres-cpu.ts';
import { runDistinctRequests, type BuiltRequest } from '../submit-load.ts';
import type { LoadResult } from '../load.ts';
import { tapePool } from '../tapes.ts';

const SUBMIT_PATH = '/api/league/submit';
const CONNECTIONS = 10;
/** Fresh agents each run uses up, each submitting as many times as its day allows after its join. */
const AGENTS_PER_RUN = 200;
const SUBMITS_PER_AGENT = MAXIMUM_ATTEMPTS_PER_AGENT - 1;
/** Short of what a run's agents allow by two counter values per connection: a connection may build requests it never sends. */
const SUBMITS_PER_RUN = AGENTS_PER_RUN * SUBMITS_PER_AGENT - 2 * CONNECTIONS;
/** Each round runs both sides once, their order alternating; the first run of each side only primes it. */
const ROUNDS = 4;
const RUNS = 1 + ROUNDS;
/** Agent 0 makes the submit whose answers are compared; then each run has agents of its own. */
const AGENTS = 1 + RUNS * AGENTS_PER_RUN;
const JOINS_IN_FLIGHT = 8;

const ARENA = ['scripts/run-built.mjs', 'node'];
const MINIMAL = ['--import', 'tsx', 'bench/servers/minimal-submit.ts'];
/** The bound's source, bundled as the arena's own server is (scripts/build.mjs) before it starts. */
const UNWRITTEN_SOURCE = 'bench/servers/arena-unwritten.ts';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Hundreds of joins from one address: the hourly budget of anonymous writes is not measured here. */
const OPEN_WRITES = { ARENA_ANONYMOUS_WRITES_PER_HOUR: '0' };

/** `unwritten`, on SQLite alone: the arena with its submit's write left out (bench/servers/arena-unwritten.ts), a bound. */
const SIDES = ['arena', 'minimal', 'unwritten'] as const;
type Side = (typeof SIDES)[number];

/** A server under load, and where its CPU goes: its own process, and its database's when that runs apart. */
interface Measured {
  server: ChildServer;
  databaseCpu(): number;
}

interface Run extends LoadResult {
  /** Per answered submit, in microseconds: the server process's CPU, the database's, and both. */
  nodeMicros: number;
  databaseMicros: number;
  cpuMicros: number;
}

/** Both sides on one kind of database, their agents joined (on the arena) and seeded (into the minimal submit). */
interface Pair {
  family: 'SQLite' | 'PostgreSQL';
  what: string;
  league: JoinedLeague;
  sides: Record<'arena' | 'minimal', Measured> & { unwritten?: Measured };
  /** Attempts each side's database holds for the day, counted by its own figures: `unwritten` holds the joins alone. */
  retained: Record<'arena' | 'minimal', () => Promise<number>> & { unwritten?: () => Promise<number> };
}

/** The arena's league submit against the least that does the same durable work, on SQLite and PostgreSQL, measured from outside. */
export const leagueSubmitVsMinimalCase: BenchCase = {
  name: 'league-submit-vs-minimal',
  about: `
Server CPU per \`POST ${SUBMIT_PATH}\` (issue 32) of the real Node adapter (\`dist/server/node.js\`, as
\`npm start\` runs it) against the minimal submit (\`bench/servers/minimal-submit.ts\`), each in its own
child process on the same keys, driven by autocannon from the bench process (${CONNECTIONS} connections, no
pipelining). The minimal submit is \`node:http\` with the request checked by hand (bearer key, Idempotency-Key,
JSON body of at most 16 KB and its fields), the league token checked as the arena checks it (verified
once, then compared), the run scored on the day's board with its RFC 8785 checksum and one Ed25519
receipt (the core's functions), and one durable step on tables of its own: the Idempotency-Key claimed
by digest in the same transaction as the attempt row, the agent's day's best, the day's counts, its
season total and the league's totals kept exact in it. It answers the same bytes as the arena
(test/bench/minimal-submit.test.ts holds them equal on a fixed clock and random bytes). It keeps
nothing else: no listing indexes, no events, no request digests on rows, no expiry of keys.
On SQLite (better-sqlite3, WAL, \`synchronous = NORMAL\`, a fresh file each) both share a commit among
the submits of one event-loop turn; on PostgreSQL (a \`pg\` pool of 10 each, the adapter's default) the
minimal submit makes two round trips per submit (the agent by its key's digest, then one function doing
the rest), and each side has a throwaway cluster of its own (the server's default settings: every
commit flushed), whose CPU (every process of the cluster, from /proc) is counted with the server's.
The arena's ${AGENTS} agents per database join first (\`POST /api/league/join\`, a finishing tape), and the
minimal submit is seeded with the same agents and join attempts. Every run is exactly ${SUBMITS_PER_RUN.toLocaleString('en-US')} submits by
${AGENTS_PER_RUN} fresh agents, ${SUBMITS_PER_AGENT} each (the day's limit after the join), each with a fresh
Idempotency-Key, today's \`challengeToken\` and a tape of the fixed pool; the same requests go to both
sides. One run of each side primes it; then ${ROUNDS} rounds run each side once, their order alternating.
Figures are medians of the ${ROUNDS} runs, ratios medians of the ratios within a round. Every answer must be a
200, and afterwards each side's own day counts must hold every join and submit, or the case fails.
One submit was compared first: the same status and length on both, and the minimal submit's receipt
verifies against the arena's JWKS. A run across 00:00 UTC fails (the day's board changes).
On SQLite a third side is a bound: the arena's Node server on a copy of its database after the
joins, with its submit's write left out (\`bench/servers/arena-unwritten.ts\`: the store answers
as if it had retained the attempt). What it costs per submit is what the arena would cost if
its write were free, beside the minimal submit that writes.`,
  async run() {
    const tapes = tapePool().map((tape) => tape.join(''));
    const keys = { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()) };
    const folder = mkdtempSync(join(tmpdir(), 'bench-submit-vs-minimal-'));
    const servers: ChildServer[] = [];
    const clusters: Cluster[] = [];
    const start = async (name: string, args: readonly string[], env: Record<string, string>) => {
      const server = await startChildServer(name, args, env);
      servers.push(server);
      return server;
    };
    const stopAll = async () => {
      await Promise.all(servers.splice(0).map((server) => server.stop()));
      for (const cluster of clusters.splice(0)) await cluster.stop();
    };
    try {
      const rows: Row[] = [];
      const sqlite = await onSqlite(keys, folder, start);
      rows.push(...rowsOf(sqlite, await measurePair(sqlite, tapes)));
      await stopAll();
      const postgres = await onPostgres(keys, folder, start, clusters);
      if (postgres) rows.push(...rowsOf(postgres, await measurePair(postgres, tapes)));
      return rows;
    } finally {
      await stopAll();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};

type Start = (name: string, args: readonly string[], env: Record<string, string>) => Promise<ChildServer>;

async function onSqlite(keys: Record<string, string>, folder: string, start: Start): Promise<Pair> {
  const [arenaDir, unwrittenDir] = [join(folder, 'arena'), join(folder, 'unwritten')];
  for (const dir of [arenaDir, unwrittenDir]) mkdirSync(dir);
  const arena = await start('adapters/node (SQLite)', ARENA, { ...keys, ...OPEN_WRITES, ARENA_DATA_DIR: arenaDir });
  const league = await joinAgents(arena.origin, AGENTS, JOINS_IN_FLIGHT);
  // The bound starts on a copy of the arena's database: the same agents, keys and joins.
  const joined = new Database(join(arenaDir, DATABASE_FILE), { readonly: true });
  joined.exec(`VACUUM INTO '${join(unwrittenDir, DATABASE_FILE)}'`);
  joined.close();
  // Inside the repository, so the bundle finds better-sqlite3 in node_modules as dist/ does.
  const built = join(ROOT, 'node_modules', '.cache', 'arena-bench');
  const esbuild = await import('esbuild');
  try {
    await bundleServers(esbuild, { unwritten: join(ROOT, UNWRITTEN_SOURCE) }, built);
  } finally {
    await esbuild.stop();
  }
  const unwritten = await start('arena, its submits unwritten (SQLite)', [join(built, 'unwritten.js')], { ...keys, ...OPEN_WRITES, ARENA_DATA_DIR: unwrittenDir });
  const path = join(folder, 'minimal-submit.db');
  const minimal = await start('minimal submit (SQLite)', MINIMAL, { ...keys, SEED_FILE: seedFile(folder, 'sqlite', league), MINIMAL_SUBMIT_DB: path });
  return {
    family: 'SQLite',
    what: 'SQLite file (better-sqlite3, WAL)',
    league,
    sides: { arena: { server: arena, databaseCpu: () => 0 }, minimal: { server: minimal, databaseCpu: () => 0 }, unwritten: { server: unwritten, databaseCpu: () => 0 } },
    retained: {
      arena: () => arenaAttemptCount(arena),
      minimal: async () => sqliteAttemptCount(path, league.date),
      unwritten: () => arenaAttemptCount(unwritten),
    },
  };
}

async function onPostgres(keys: Record<string, string>, folder: string, start: Start, clusters: Cluster[]): Promise<Pair | undefined> {
  const arenaCluster = await startCluster('submit-arena');
  if (!arenaCluster) return undefined;
  clusters.push(arenaCluster);
  const minimalCluster = (await startCluster('submit-minimal'))!;
  clusters.push(minimalCluster);
  const [arenaUrl, minimalUrl] = [arenaCluster.urlOf('postgres'), minimalCluster.urlOf('postgres')];
  const arena = await start('adapters/node (PostgreSQL)', ARENA, { ...keys, ...OPEN_WRITES, DATABASE_URL: arenaUrl });
  const league = await joinAgents(arena.origin, AGENTS, JOINS_IN_FLIGHT);
  const minimal = await start('minimal submit (PostgreSQL)', MINIMAL, { ...keys, SEED_FILE: seedFile(folder, 'postgres', league), DATABASE_URL: minimalUrl });
  return {
    family: 'PostgreSQL',
    what: `${arenaCluster.version}, a throwaway cluster for each side`,
    league,
    sides: { arena: { server: arena, databaseCpu: await clusterCpuMeter(arenaUrl) }, minimal: { server: minimal, databaseCpu: await clusterCpuMeter(minimalUrl) } },
    retained: { arena: () => arenaAttemptCount(arena), minimal: () => postgresAttemptCount(minimalUrl, league.date) },
  };
}

function seedFile(folder: string, name: string, league: JoinedLeague): string {
  const path = join(folder, `${name}-seed.json`);
  writeFileSync(path, JSON.stringify(league.joined));
  return path;
}

/** The compared submit, the priming runs, then the rounds; the day's counts checked at the end. */
async function measurePair(pair: Pair, tapes: readonly string[]): Promise<Record<Side, Run[]>> {
  const { league, sides } = pair;
  await sameAnswer(pair, { method: 'POST', path: SUBMIT_PATH, ...submitOf(league.keys[0]!, league.challengeToken, tapes[0]!, 'bench-check') });
  const requestsOf = (run: number) => (i: number) => {
    const agent = 1 + run * AGENTS_PER_RUN + (i % AGENTS_PER_RUN);
    return {
      method: 'POST' as const,
      path: SUBMIT_PATH,
      ...submitOf(league.keys[agent]!, league.challengeToken, tapes[(run * SUBMITS_PER_RUN + i) % tapes.length]!, `bench-${run}-${i}`),
    };
  };
  const present = SIDES.filter((side) => sides[side] !== undefined);
  const sent: Record<Side, number> = { arena: 0, minimal: 0, unwritten: 0 };
  const measured = async (side: Side, run: number) => {
    const result = await measuredRun(sides[side]!, requestsOf(run));
    sent[side] += result.requests;
    return result;
  };
  for (const side of present) await measured(side, 0);
  const runs: Record<Side, Run[]> = { arena: [], minimal: [], unwritten: [] };
  // Each round starts one side further on, and runs them the other way every other round.
  for (let round = 1; round <= ROUNDS; round++) {
    const turned = [...present.slice(round % present.length), ...present.slice(0, round % present.length)];
    for (const side of round % 2 === 1 ? turned : turned.reverse()) runs[side].push(await measured(side, round));
  }
  for (const side of present) {
    // The compared submit reached the arena and the minimal submit; the bound writes no submit.
    const expected = side === 'unwritten' ? AGENTS : AGENTS + 1 + sent[side];
    const retained = await pair.retained[side]!();
    if (retained !== expected) throw new Error(`the ${side} side on ${pair.family} counts ${retained} attempts today, not ${expected} (a run across 00:00 UTC splits the days)`);
  }
  return runs;
}

function submitOf(key: string, challengeToken: string, actions: string, idempotencyKey: string): Omit<BuiltRequest, 'method' | 'path'> {
  return {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ challengeToken, actions }),
  };
}

async function measuredRun({ server, databaseCpu }: Measured, requestOf: (i: number) => BuiltRequest): Promise<Run> {
  const [nodeBefore, databaseBefore] = [server.cpuSeconds(), databaseCpu()];
  const result = await runDistinctRequests(server.origin, requestOf, SUBMITS_PER_RUN, CONNECTIONS);
  const perSubmit = (seconds: number) => (seconds / result.requests) * 1e6;
  const nodeMicros = perSubmit(server.cpuSeconds() - nodeBefore);
  const databaseMicros = perSubmit(databaseCpu() - databaseBefore);
  return { ...result, nodeMicros, databaseMicros, cpuMicros: nodeMicros + databaseMicros };
}

/** The same submit to both sides: a 200 of the same length, the minimal submit's receipt verified by the arena's keys. */
async function sameAnswer({ sides }: Pair, request: BuiltRequest): Promise<void> {
  const answers = await Promise.all(
    (['arena', 'minimal'] as const).map(async (side) => {
      const response = await fetch(sides[side].server.origin + request.path, { method: request.method, headers: request.headers, body: request.body });
      return { status: response.status, text: await response.text() };
    }),
  );
  const [arena, minimal] = answers as [{ status: number; text: string }, { status: number; text: string }];
  if (arena.status !== 200 || minimal.status !== 200 || Buffer.byteLength(arena.text) !== Buffer.byteLength(minimal.text)) {
    throw new Error(
      `the compared submit answered ${arena.status} (${Buffer.byteLength(arena.text)} bytes) and ${minimal.status} (${Buffer.byteLength(minimal.text)} bytes): ${minimal.text.slice(0, 300)}`,
    );
  }
  const jwks = createLocalJWKSet(await (await fetch(`${sides.arena.server.origin}/.well-known/jwks.json`)).json());
  await jwtVerify((JSON.parse(minimal.text) as { attempt: { receiptToken: string } }).attempt.receiptToken, jwks, { typ: 'receipt+jwt' });
}

async function arenaAttemptCount(arena: ChildServer): Promise<number> {
  return ((await (await fetch(`${arena.origin}/api/league`)).json()) as { attemptCount: number }).attemptCount;
}

function sqliteAttemptCount(path: string, date: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT attempt_count FROM day_counts WHERE date = ?').get(date) as { attempt_count: number }).attempt_count;
  } finally {
    db.close();
  }
}

async function postgresAttemptCount(url: string, date: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ attempt_count: number }>('SELECT attempt_count FROM day_counts WHERE date = $1', [date])).rows[0]!.attempt_count;
  } finally {
    await client.end();
  }
}

function rowsOf({ family, what }: Pair, runs: Record<Side, Run[]>): Row[] {
  const row = (side: Side, label: string, unit: string, figure: (run: Run) => number, note?: string) => medianRow(label, unit, runs[side].map(figure), note);
  const list = (side: Side, figure: (run: Run) => number) => runs[side].map((run) => Math.round(figure(run))).join(', ');
  const cpu = (run: Run) => run.cpuMicros;
  const rps = (run: Run) => run.requestsPerSecond;
  const apart = family === 'PostgreSQL';
  const counted = apart ? 'Node and PostgreSQL together' : family;
  const note = `${what}; ${SUBMITS_PER_RUN.toLocaleString('en-US')} submits a run, µs: ${list('arena', cpu)} (arena); ${list('minimal', cpu)} (minimal)`;
  const rows = [compared(row('arena', `CPU per submit, ${counted}, adapters/node`, 'µs', cpu, note), row('minimal', `minimal submit, ${counted}`, 'µs', cpu))];
  if (apart) {
    const node = (run: Run) => run.nodeMicros;
    const database = (run: Run) => run.databaseMicros;
    rows.push(
      compared(row('arena', 'CPU per submit in Node alone, PostgreSQL, adapters/node', 'µs', node), row('minimal', 'minimal submit, in Node alone', 'µs', node)),
      compared(row('arena', 'CPU per submit in PostgreSQL alone, adapters/node', 'µs', database), row('minimal', 'minimal submit, in PostgreSQL alone', 'µs', database)),
    );
  }
  if (runs.unwritten.length > 0) {
    const bound = `the arena's Node server, built as dist/server/node.js is, on a copy of its database, its submit's write left out (${UNWRITTEN_SOURCE}); µs: ${list('unwritten', cpu)}`;
    rows.push(compared(row('unwritten', `CPU per submit, ${counted}, no attempt written (a bound)`, 'µs', cpu, bound), row('minimal', `minimal submit, ${counted}`, 'µs', cpu)));
  }
  rows.push(
    compared(row('arena', `POST submit, ${family}, adapters/node`, 'req/s', rps), row('minimal', `minimal submit, ${family}`, 'req/s', rps)),
    compared(
      row('arena', `p99 latency, ${family}, adapters/node`, 'ms', (run) => run.p99Ms),
      row('minimal', `p99, minimal submit, ${family}`, 'ms', (run) => run.p99Ms),
    ),
  );
  return rows;
}
