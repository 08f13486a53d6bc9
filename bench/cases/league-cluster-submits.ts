import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MAXIMUM_ATTEMPTS_PER_AGENT } from '../../core/league/attempts.ts';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { compared, rateRow, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { addCpu, busyCores, clientBackends, cpuSpent, describeCpu, lookAtCpu, type CpuSplit } from '../cpu-split.ts';
import { recreateDatabase } from '../league-data.ts';
import { joinAgents, leagueToday, resent, submitAll, type Submitter } from '../league-submitters.ts';
import { addTally, describeOthersWaiting, describeOtherWaits, describeWaits, emptyTally, SAMPLE_EVERY_MS, sampleLockWaits, type LockWaitTally } from '../lock-waits.ts';
import { startCluster, type Cluster } from '../postgres.ts';
import { addStatementTimes, clientStatementMsPerSubmit, describeStatementTimes, readStatementTimes, resetStatementTimes, type StatementTime } from '../statement-times.ts';
import type { Rate } from '../measure.ts';
import { median, relativeSpread } from '../stats.ts';
import { tapePool } from '../tapes.ts';

/** Submitters at once, each its own agent at a time; the figure. */
const SUBMITTERS = 64;
/** An agent's join is its first attempt of the day; the rest of its ten are submits. */
const SUBMITS_PER_AGENT = MAXIMUM_ATTEMPTS_PER_AGENT - 1;
/** Fresh agents each submitter uses up in a round, one after the other. */
const AGENTS_PER_SUBMITTER = 2;
const PER_ROUND = SUBMITTERS * AGENTS_PER_SUBMITTER * SUBMITS_PER_AGENT;
/** One instance or two in turn, balanced (each side holds each position equally often), after one unmeasured round of each. */
const WARMUPS = ['one', 'two'] as const;
const ORDER = ['one', 'two', 'two', 'one', 'two', 'one', 'one', 'two'] as const;
type Side = (typeof ORDER)[number];
const ROUNDS = [...WARMUPS, ...ORDER];
const AGENTS = ROUNDS.length * SUBMITTERS * AGENTS_PER_SUBMITTER;
const JOINS_IN_FLIGHT = 16;
/** The Node adapter, built, as `npm start` runs it. */
const NODE_ARENA = ['scripts/run-built.mjs', 'node'];
/** Other checkouts of the repository to measure the same way (commits before issue 32's changes); see `about`. */
const BEFORE = (process.env.LEAGUE_CLUSTER_SUBMITS_BEFORE ?? '').split(',').filter((root) => root !== '');
/** pg_stat_statements counts statements run inside trigger functions too. */
const SERVER_SETTINGS = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' };
const SIDE_NAME: Record<Side, string> = { one: '1 × Node + PostgreSQL', two: '2 × Node + PostgreSQL' };

const log = (line: string) => console.error(`league-cluster-submits: ${line}`);
const grouped = (n: number) => n.toLocaleString('en-US');

/** What one side's measured rounds added up to. */
interface SideFigures {
  rates: number[];
  submits: number;
  waits: LockWaitTally;
  cpu: CpuSplit | undefined;
  statements: Map<string, StatementTime>;
}

/** Whether league submits from two instances on one PostgreSQL wait on each other's locks (issue 32). */
export const leagueClusterSubmitsCase: BenchCase = {
  name: 'league-cluster-submits',
  about: `
League submits from ${SUBMITTERS} concurrent HTTP submitters to one and to two Node adapter instances
(\`${NODE_ARENA.join(' ')}\`, each a child process with its default pool of 10 connections) on one
PostgreSQL: a throwaway cluster started for the case with the server's default settings but for
\`shared_preload_libraries = pg_stat_statements\` and \`pg_stat_statements.track = all\`. Both
instances run throughout, with the same signing key and secret, on a fresh database; ${grouped(AGENTS)}
agents join beforehand (\`POST /api/league/join\`, the day's finishing tape, ${JOINS_IN_FLIGHT} at a time, spread over
both). Each submitter sends one request at a time over its own kept-alive connection
(node:http), ${SUBMITS_PER_AGENT} \`POST /api/league/submit\` (fresh \`Idempotency-Key\`, the agent's bearer key, today's
\`challengeToken\`, tapes from the fixed pool of 1,024) for each of its ${AGENTS_PER_SUBMITTER} fresh agents a round: every round
is ${grouped(PER_ROUND)} submits, and no two requests in flight are one agent's, so any lock one submit waits on
behind another is a row every submit writes. With one instance every submitter sends to it; with
two, half to each. After one unmeasured round of each, the rounds run in the order
${ORDER.join(', ')}; figures are medians of each side's rounds, the ratio the median of neighbouring
rounds' ratios. Every answer must be a 200, and the database must hold every join and submit
afterwards, or the case fails.

While each round runs, the bench looks at \`pg_stat_activity\` every ${SAMPLE_EVERY_MS} ms for backends of the database
waiting on a lock (\`wait_event_type = 'Lock'\`); for each it reads its locks in \`pg_locks\` (a row
lock is waited on as the holder's transaction id, while the waiter holds or queues for the row's
tuple lock, which names the table) and the statement of a backend \`pg_blocking_pids\` names. A
wait counts as a submit's unless the statement is a compaction of the pending figures (which wait on
each other by design, never on a submit) or the notice an instance sends once its writes have
committed (\`SELECT pg_notify\`, from 64b0635 on, which no write waits for). The same look tallies what the other busy backends were
doing (running, a lightweight lock such as \`WALWrite\`, I/O, or idle in a transaction while their
instance works), for context. \`pg_stat_statements\`, reset before each round, gives
each statement's mean time. CPU is read from /proc: each instance, PostgreSQL's client backends,
the sampler's backend, the rest of the server (postmaster, background processes, exited backends),
this process (load and samplers) and the machine, so the rows say which was the limit.
Where a checkout's triggers call \`pg_notify\` (before 64b0635), rows labelled \`no NOTIFY in the
triggers (experiment)\` measure its servers again on a database of their own in which every such
call is replaced by \`concat\` of the same arguments. NOTIFY takes one lock for the whole cluster at
commit and holds it until the commit is flushed (PostgreSQL's \`PreCommit_Notify\`), so notifying
transactions commit one at a time; the experiment says what the submits would do without that.
\`LEAGUE_CLUSTER_SUBMITS_BEFORE=<checkout>,<checkout>…\` also measures those checkouts' servers
the same way, each in a database of its own, after this one's, with row labels starting
\`before (<commit>)\` (the targets' before figures: \`git worktree add <path> faff1a6\` with
node_modules linked, the commit before migration 0011; adf0074 notified inside the write).`,
  async run() {
    const cluster = await startCluster('league-cluster-submits', undefined, SERVER_SETTINGS);
    if (cluster === undefined) return [{ label: 'not measured: no PostgreSQL server binary here', value: 0, unit: 'req/s' }];
    try {
      const checkouts = [
        { root: fileURLToPath(new URL('../../', import.meta.url)), prefix: '' },
        ...BEFORE.map((root) => ({ root, prefix: `before (${execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}): ` })),
      ];
      const rows: Row[] = [];
      for (const [i, { root, prefix }] of checkouts.entries()) {
        rows.push(...(await measureCheckout(cluster, root, `arena_${i}`, prefix)));
        rows.push(...(await measureCheckout(cluster, root, `arena_${i}_without_notify`, `${prefix}no NOTIFY in the triggers (experiment): `, withoutNotify)));
      }
      return rows;
    } finally {
      await cluster.stop();
    }
  },
};

/**
 * Both instances of the checkout at `root` on a fresh database: the rounds, then its rows,
 * labels prefixed with `prefix`. `prepare` changes the migrated database first, or says it does
 * not apply (then there are no rows).
 */
async function measureCheckout(cluster: Cluster, root: string, database: string, prefix: string, prepare?: (client: pg.Client) => Promise<boolean>): Promise<Row[]> {
  await recreateDatabase(cluster, database);
  const url = cluster.urlOf(database);
  const env = {
    DATABASE_URL: url,
    ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
    ARENA_SECRET: encodeBase64Url(randomSeed()),
    // Thousands of joins from one address: the hourly budget of anonymous writes is not measured here.
    ARENA_ANONYMOUS_WRITES_PER_HOUR: '0',
  };
  const client = new pg.Client({ connectionString: url });
  const resentBefore = resent;
  const servers: ChildServer[] = [];
  try {
    // One after the other: the first builds dist/ if it must and migrates the database.
    for (const name of ['a', 'b']) servers.push(await startChildServer(`adapters/node (${prefix}instance ${name})`, NODE_ARENA, env, process.execPath, root));
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    if (prepare !== undefined && !(await prepare(client))) {
      log(`${prefix}does not apply to this checkout; not measured`);
      return [];
    }
    const samplerPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const today = await leagueToday(servers[0]!.origin);
    log(`${prefix}joining ${grouped(AGENTS)} agents`);
    const keys = await joinAgents(
      servers.map((server) => server.origin),
      today,
      AGENTS,
      JOINS_IN_FLIGHT,
    );
    const tapes = tapePool().map((tape) => tape.join(''));
    const sides: Record<Side, SideFigures> = { one: emptySide(), two: emptySide() };
    for (const [round, side] of ROUNDS.entries()) {
      const submitters = Array.from(
        { length: SUBMITTERS },
        (_, s): Submitter => ({
          origin: servers[side === 'one' ? 0 : s % 2]!.origin,
          keys: keys.slice((round * SUBMITTERS + s) * AGENTS_PER_SUBMITTER, (round * SUBMITTERS + s + 1) * AGENTS_PER_SUBMITTER),
        }),
      );
      const measured = round >= WARMUPS.length;
      const result = await measureRound({ cluster, servers, client, samplerPid }, submitters, today.challengeToken, tapes);
      log(
        `${prefix}${measured ? '' : 'warm-up '}round ${round + 1} (${SIDE_NAME[side]}): ${result.rate.toFixed(0)} submits/s, ${result.waits.withSubmitWaiting} of ${result.waits.samples} samples saw a submit waiting`,
      );
      if (!measured) continue;
      const figures = sides[side];
      figures.rates.push(result.rate);
      figures.submits += result.submits;
      addTally(figures.waits, result.waits);
      figures.cpu = addCpu(figures.cpu, result.cpu);
      addStatementTimes(figures.statements, result.statements);
    }
    await expectRetained(client, prefix);
    return rowsOf(sides, prefix, `${cluster.version}, throwaway cluster; ${resent - resentBefore} requests resent on a closed kept-alive connection`);
  } finally {
    await client.end().catch(() => undefined);
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** What a round runs on: the cluster, both instances, and the bench's own connection (and its backend's pid). */
interface Rig {
  cluster: Cluster;
  servers: readonly ChildServer[];
  client: pg.Client;
  samplerPid: number;
}

/** One round: every submitter's submits, with the lock waits sampled, statement times and CPU read around them. */
async function measureRound({ cluster, servers, client, samplerPid }: Rig, submitters: readonly Submitter[], challengeToken: string, tapes: readonly string[]) {
  await resetStatementTimes(client);
  const before = lookAtCpu(servers, cluster.postmasterPid());
  const stopSampling = sampleLockWaits(client);
  const start = performance.now();
  let submits: number;
  let waits: LockWaitTally;
  try {
    submits = await submitAll(submitters, challengeToken, tapes, SUBMITS_PER_AGENT);
  } finally {
    waits = await stopSampling();
  }
  const elapsedMs = performance.now() - start;
  const after = lookAtCpu(servers, cluster.postmasterPid());
  const cpu = cpuSpent(before, after, await clientBackends(client), samplerPid);
  return { rate: (submits * 1000) / elapsedMs, submits, waits, cpu, statements: await readStatementTimes(client) };
}

/**
 * The experiment's database: every trigger function that announces an event with `pg_notify`
 * calls `concat` with the same arguments instead. NOTIFY takes one lock for the whole cluster
 * at commit and holds it until the commit is flushed (PostgreSQL's PreCommit_Notify), so every
 * notifying transaction commits one at a time; without it, what is left is the rest of the
 * write. Other instances then learn of events only by their poll. False where no trigger
 * function notifies (from 64b0635 on).
 */
async function withoutNotify(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ definition: string }>("SELECT pg_get_functiondef(oid) AS definition FROM pg_proc WHERE prosrc LIKE '%pg_notify(%'");
  for (const { definition } of rows) await client.query(definition.replaceAll('pg_notify(', 'concat('));
  return rows.length > 0;
}

function emptySide(): SideFigures {
  return { rates: [], submits: 0, waits: emptyTally(), cpu: undefined, statements: new Map() };
}

/** Every join and every submit is in the database: the rounds measured what they claim. */
async function expectRetained(client: pg.Client, prefix: string): Promise<void> {
  const { rows } = await client.query<{ agents: string; attempts: string }>('SELECT (SELECT count(*) FROM agents) AS agents, (SELECT count(*) FROM attempts) AS attempts');
  const expected = AGENTS * MAXIMUM_ATTEMPTS_PER_AGENT;
  if (Number(rows[0]!.agents) !== AGENTS || Number(rows[0]!.attempts) !== expected) {
    throw new Error(`${prefix}the database holds ${rows[0]!.attempts} attempts of ${rows[0]!.agents} agents, not ${expected} of ${AGENTS}`);
  }
}

function rowsOf(sides: Record<Side, SideFigures>, prefix: string, about: string): Row[] {
  const rate = (side: Side): Rate => {
    const samples = sides[side].rates;
    const perSecond = median(samples);
    return { perSecond, spread: relativeSpread(samples, perSecond), samples };
  };
  const submitRow = (side: Side) =>
    rateRow(
      `${prefix}POST submit, ${SIDE_NAME[side]}, ${SUBMITTERS} submitters`,
      'req/s',
      rate(side),
      `${grouped(sides[side].submits)} submits in ${sides[side].rates.length} rounds, all 200; ${about}`,
    );
  const one = submitRow('one');
  const waitRow = (side: Side): Row => {
    const { waits } = sides[side];
    return {
      label: `${prefix}submit statements seen waiting on a lock, ${SIDE_NAME[side]}`,
      value: waits.withSubmitWaiting,
      unit: 'samples',
      note: `of ${grouped(waits.samples)} samples, one each ${(waits.spanMs / waits.samples).toFixed(1)} ms; ${describeWaits(waits)}; samples in which a statement no submit sends waited: ${describeOthersWaiting(waits)}; the other busy backends seen: ${describeOtherWaits(waits, 6)}`,
    };
  };
  const cpuRow = (side: Side): Row => ({
    label: `${prefix}CPU busy, ${SIDE_NAME[side]}`,
    value: busyCores(sides[side].cpu!),
    unit: 'cores',
    note: describeCpu(sides[side].cpu!, sides[side].submits),
  });
  const statementRow = (side: Side): Row => ({
    label: `${prefix}PostgreSQL statement time per submit, ${SIDE_NAME[side]}`,
    value: clientStatementMsPerSubmit(sides[side].statements.values(), sides[side].submits),
    unit: 'ms',
    note: `pg_stat_statements, the longest in all (mean × calls per submit): ${describeStatementTimes(sides[side].statements.values(), sides[side].submits)}`,
  });
  return [
    one,
    compared(submitRow('two'), one),
    waitRow('one'),
    waitRow('two'),
    cpuRow('one'),
    cpuRow('two'),
    statementRow('one'),
    compared(statementRow('two'), statementRow('one')),
  ];
}
