import http from 'node:http';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT } from '../../core/league/attempts.ts';
import { haproxyExecutable, startLoadBalancer, type LoadBalancer } from '../../test/support/fixtures/load-balancer.ts';
import { freePort } from '../../test/support/fixtures/free-port.ts';
import pg from 'pg';
import type { BenchCase, Row } from '../case.ts';
import { BUN, DENO, DENO_RUN, cpuSecondsOf, startChildServer, type ChildServer } from '../child-server.ts';
import { busyCores, clientBackends, cpuSpent, lookAtCpu, type CpuSplit } from '../cpu-split.ts';
import { recreateDatabase } from '../league-data.ts';
import { benchHandle, joinAgents, type JoinedLeague } from '../league-joins.ts';
import { startCluster } from '../postgres.ts';
import { percentile } from '../stats.ts';
import { readLines } from '../stream-lines.ts';
import { runDistinctRequests } from '../submit-load.ts';
import { tapePool } from '../tapes.ts';

/** `BUSY_DAY_SCALE=0.1` runs a tenth of the day (agents, attempts and streams), to try the case quickly. */
const SCALE = Number(process.env.BUSY_DAY_SCALE ?? '1');
const AGENTS = Math.round(10_000 * SCALE);
/** The day's attempts: each agent's join, then submits up to the day's limit. */
const SUBMITS_PER_AGENT = MAXIMUM_ATTEMPTS_PER_AGENT - 1;
const SUBMITS = AGENTS * SUBMITS_PER_AGENT;
const STREAMS = Math.round(2_000 * SCALE);
const SUBMIT_CONNECTIONS = 64;
const JOINS_IN_FLIGHT = 16;
/** Readers going round the public reads, each sending its next once answered; and one export at a time. */
const READERS = 2;
const READS = ['/api/leaderboard', '/api/stats', '/api/league'];
/** The longest waited, after the last submit's answer, for the streams to receive every event. */
const DRAIN_MS = 60_000;
const DATABASE = 'busy_day';
const log = (line: string) => console.error(`busy-day: ${line}`);
const grouped = (count: number) => Math.round(count).toLocaleString('en-US');

const INSTANCES = [
  { name: 'Node', executable: process.execPath, args: ['scripts/run-built.mjs', 'node'] },
  { name: 'Bun', executable: BUN, args: ['adapters/bun/main.ts'] },
  { name: 'Deno', executable: DENO, args: [...DENO_RUN, 'adapters/deno/main.ts'] },
] as const;

export const busyDayCase: BenchCase = {
  name: 'busy-day',
  about: `
A busy league day (issue 33) on the cluster \`compose.cluster.yaml\` describes, on this machine:
PostgreSQL (a throwaway cluster, its default settings), three instances (Node, Bun and Deno, the
settings compose gives them: \`ARENA_TRUST_PROXY=1\`) behind HAProxy on \`cluster/haproxy.cfg\`.
Everything goes through the balancer. ${grouped(AGENTS)} agents join (${JOINS_IN_FLIGHT} at a time), then
${grouped(STREAMS)} event streams open, each following one agent's retained attempts
(\`/api/events?agent=<handle>&kind=attempt.retained\`), and stay open while the agents submit the rest
of the day's ${grouped(AGENTS * MAXIMUM_ATTEMPTS_PER_AGENT)} attempts (${grouped(SUBMITS)} submits, ${SUBMITS_PER_AGENT} each, by
autocannon over ${SUBMIT_CONNECTIONS} connections). Meanwhile ${READERS} readers go round ${READS.map((path) => `\`${path}\``).join(', ')}
and the day's \`/api/league/attempts\`, and one export of the whole day (\`/api/exports/attempts\`,
NDJSON) runs after another. Latencies are each request's, in the bench process. Event delivery
is the time from a submit's answer to its event's arrival on the stream following its agent.
CPU is read from /proc for each process (the instances, HAProxy, PostgreSQL's backends and the
rest of its processes, this bench process) and the machine, over the submits. Afterwards the
arena's own count of attempts must equal the joins and submits answered, or the case fails.
\`BUSY_DAY_SCALE=0.1\` runs a tenth of the day.`,
  async run() {
    const haproxy = haproxyExecutable();
    if (!haproxy) return [{ label: 'not measured: no haproxy here (.ci/run installs it)', value: 0, unit: 'submits/s' }];
    const cluster = await startCluster('busy-day');
    if (!cluster) return [{ label: 'not measured: no PostgreSQL server binary here', value: 0, unit: 'submits/s' }];
    const servers: ChildServer[] = [];
    let balancer: LoadBalancer | undefined;
    try {
      await recreateDatabase(cluster, DATABASE);
      const url = cluster.urlOf(DATABASE);
      const env = {
        DATABASE_URL: url,
        ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
        ARENA_SECRET: encodeBase64Url(randomSeed()),
        ARENA_TRUST_PROXY: '1',
        // Every client here has one address: budgets per client are not what is measured.
        ARENA_ANONYMOUS_WRITES_PER_HOUR: '0',
        ARENA_EVENTS_PER_CLIENT: String(Math.max(4, STREAMS)),
      };
      const ports: number[] = [];
      // One after the other: the first builds dist/ if it must and migrates the database.
      for (const instance of INSTANCES) {
        const port = await freePort();
        ports.push(port);
        servers.push(await startChildServer(`busy-day ${instance.name}`, instance.args, { ...env, PORT: String(port) }, instance.executable));
      }
      balancer = await startLoadBalancer(
        haproxy,
        ports.map((port) => `127.0.0.1:${port}`),
      );
      for (const name of ['arena-1', 'arena-2', 'arena-3']) await balancer.awaitStatus(name, 'UP');
      return await measureDay(cluster.postmasterPid(), url, servers, balancer, cluster.version);
    } finally {
      await balancer?.stop();
      await Promise.all(servers.map((server) => server.stop()));
      await cluster.stop();
    }
  },
};

async function measureDay(postmasterPid: number, url: string, servers: ChildServer[], balancer: LoadBalancer, version: string): Promise<Row[]> {
  const origin = balancer.baseUrl;
  const joinLatencies: number[] = [];
  const joinsStarted = performance.now();
  const league = await joinAgents(origin, AGENTS, JOINS_IN_FLIGHT, joinLatencies);
  const joinSeconds = (performance.now() - joinsStarted) / 1000;
  log(`${grouped(AGENTS)} joined in ${joinSeconds.toFixed(1)} s`);

  const streams = new AgentStreams();
  await streams.open(origin, STREAMS);
  log(`${grouped(STREAMS)} streams open`);

  const answeredAt = new Map<string, number>();
  const tapes = tapePool().map((tape) => tape.join(''));
  const sampler = new pg.Client({ connectionString: url });
  await sampler.connect();
  const background = startBackground(origin, league.date);
  try {
    const samplerPid = (await sampler.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const measured = [...servers, haproxyAsServer(balancer)];
    const before = lookAtCpu(measured, postmasterPid);
    const followed = new Set(league.joined.slice(0, STREAMS).map((joined) => joined.agent.id));
    const submits = await runDistinctRequests(origin, submitOf(league, tapes), SUBMITS, SUBMIT_CONNECTIONS, (body) => {
      const { attemptId, agentId } = attemptIn(body);
      if (followed.has(agentId)) answeredAt.set(attemptId, performance.now());
    });
    const after = lookAtCpu(measured, postmasterPid);
    const cpu = cpuSpent(before, after, await clientBackends(sampler), samplerPid);
    const reads = await background.stop();
    log(`${grouped(submits.requests)} submits at ${submits.requestsPerSecond.toFixed(0)}/s; waiting for the streams`);
    const delivery = await streams.drain(answeredAt, DRAIN_MS);

    const stats = (await (await fetch(`${origin}/api/stats`)).json()) as { totals: { retainedAttempts: number } };
    const expected = AGENTS + submits.requests;
    if (stats.totals.retainedAttempts !== expected) throw new Error(`the arena counts ${stats.totals.retainedAttempts} attempts, not the ${expected} answered`);

    const where = `3 instances (Node, Bun, Deno) behind HAProxy, ${version}`;
    const sorted = (values: readonly number[]) => Float64Array.from(values).sort();
    const latencyNote = (values: Float64Array) => `p50 ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms, ${grouped(values.length)} requests`;
    const joins = sorted(joinLatencies);
    const rows: Row[] = [
      { label: `POST join, ${JOINS_IN_FLIGHT} at a time`, value: AGENTS / joinSeconds, unit: 'req/s', note: `${where}; ${latencyNote(joins)}` },
      {
        label: `POST submit, ${SUBMIT_CONNECTIONS} connections, with ${grouped(STREAMS)} streams, reads and exports`,
        value: submits.requestsPerSecond,
        unit: 'req/s',
        note: `${where}; p50 ${submits.p50Ms.toFixed(1)} ms, p99 ${submits.p99Ms.toFixed(1)} ms; ${grouped(submits.requests)} submits, the day's ${grouped(expected)} attempts all counted`,
      },
      { label: 'POST submit, p99', value: submits.p99Ms, unit: 'ms', note: `p50 ${submits.p50Ms.toFixed(1)} ms` },
    ];
    for (const [path, latencies] of reads.latencies) {
      const values = sorted(latencies);
      rows.push({ label: `GET ${path.replace(/\?.*/, '')}, p99 during the submits`, value: percentile(values, 0.99), unit: 'ms', note: latencyNote(values) });
    }
    const exports = sorted(reads.exports.map((run) => run.ms));
    rows.push({
      label: 'GET /api/exports/attempts (the whole day so far), p50 during the submits',
      value: percentile(exports, 0.5),
      unit: 'ms',
      note: `${exports.length} exports one after another, the last of ${grouped(reads.exports.at(-1)?.lines ?? 0)} lines (${((reads.exports.at(-1)?.bytes ?? 0) / 1e6).toFixed(1)} MB); p99 ${percentile(exports, 0.99).toFixed(0)} ms`,
    });
    rows.push({
      label: `Event delivery after the submit's answer, p99 (${grouped(STREAMS)} streams, one agent each)`,
      value: percentile(delivery.latencies, 0.99),
      unit: 'ms',
      note: `p50 ${percentile(delivery.latencies, 0.5).toFixed(1)} ms; ${grouped(delivery.latencies.length)} deliveries, ${delivery.missed} missed`,
    });
    rows.push({ label: 'CPU busy during the submits', value: busyCores(cpu), unit: 'cores', note: describe(cpu, submits.requests) });
    return rows;
  } finally {
    // However the day ended: the readers and exports stopped, the streams closed.
    await background.stop().catch(() => undefined);
    streams.close();
    await sampler.end();
  }
}

function submitOf(league: JoinedLeague, tapes: readonly string[]) {
  return (i: number) => ({
    method: 'POST' as const,
    path: '/api/league/submit',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${league.keys[i % AGENTS]}`, 'idempotency-key': `busy-day-${i}` },
    body: JSON.stringify({ challengeToken: league.challengeToken, actions: tapes[i % tapes.length] }),
  });
}

/** The retained attempt's id and its agent's in a submit's answer, read without parsing the whole answer. */
function attemptIn(body: string): { attemptId: string; agentId: string } {
  const match = /"attempt":\{"id":"([^"]+)","agentId":"([^"]+)"/.exec(body);
  if (!match) throw new Error(`a submit's answer names no attempt: ${body.slice(0, 200)}`);
  return { attemptId: match[1]!, agentId: match[2]! };
}

/** HAProxy as one more process whose CPU the split counts. */
function haproxyAsServer(balancer: LoadBalancer): ChildServer {
  return { origin: balancer.baseUrl, pid: balancer.pid, cpuSeconds: () => cpuSecondsOf(balancer.pid), stop: () => balancer.stop() };
}

function describe(split: CpuSplit, submits: number): string {
  const cores = (seconds: number) => (seconds / split.wallSeconds).toFixed(2);
  const part = (name: string, seconds: number) => `${name} ${cores(seconds)} (${Math.round((seconds * 1e6) / submits)} µs/submit)`;
  const [node, bun, deno, haproxy] = split.instances as [number, number, number, number];
  return [
    part('Node', node),
    part('Bun', bun),
    part('Deno', deno),
    part('HAProxy', haproxy),
    part('PostgreSQL backends', split.postgresBackends + split.samplerBackend),
    part('rest of PostgreSQL', split.postgresRest),
    part('bench (load, streams, reads)', split.bench),
    `other processes ${cores(split.others)}`,
    `of ${(split.machine / split.wallSeconds).toFixed(1)} cores, idle ${cores(split.machine - busyCores(split) * split.wallSeconds)} (waiting on the disk ${cores(split.ioWait)})`,
  ].join('; ');
}

/** Readers and exports through the balancer until stopped: each request's time, by path. */
function startBackground(origin: string, date: string) {
  let stopped = false;
  const latencies = new Map<string, number[]>();
  const exports: { ms: number; lines: number; bytes: number }[] = [];
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`);
    const bytes = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return { ms: performance.now() - started, bytes: new Uint8Array(bytes) };
  };
  const reads = [...READS, `/api/league/attempts?date=${date}`];
  const reader = async (offset: number) => {
    for (let n = offset; !stopped; n++) {
      const path = reads[n % reads.length]!;
      const { ms } = await timed(path);
      const list = latencies.get(path) ?? [];
      list.push(ms);
      latencies.set(path, list);
    }
  };
  const exporter = async () => {
    while (!stopped) {
      const { ms, bytes } = await timed(`/api/exports/attempts?date=${date}`);
      let lines = 0;
      for (const byte of bytes) if (byte === 0x0a) lines++;
      exports.push({ ms, lines, bytes: bytes.length });
    }
  };
  const running = Promise.all([...Array.from({ length: READERS }, (_, i) => reader(i)), exporter()]);
  running.catch(() => undefined);
  return {
    async stop() {
      stopped = true;
      await running;
      return { latencies, exports };
    },
  };
}

/** One stream per agent (the first `count` agents), each noting when each of its agent's attempts arrived. */
class AgentStreams {
  private readonly agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  private readonly requests: http.ClientRequest[] = [];
  private readonly arrivedAt = new Map<string, number>();
  private readonly failures: string[] = [];
  private closing = false;

  async open(origin: string, count: number): Promise<void> {
    for (let opened = 0; opened < count; opened += 200) {
      await Promise.all(Array.from({ length: Math.min(200, count - opened) }, (_, i) => this.openOne(origin, opened + i)));
    }
  }

  private openOne(origin: string, index: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${origin}/api/events?agent=${benchHandle(index)}&kind=attempt.retained`, { agent: this.agent, headers: { accept: 'text/event-stream' } });
      this.requests.push(request);
      request.once('error', (error) => {
        if (!this.closing) this.failures.push(`stream ${index}: ${error.message}`);
        reject(error);
      });
      request.once('response', (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream ${index} answered ${response.statusCode}`));
        let opened = false;
        readLines(response, (text, start, end, now) => {
          if (!text.startsWith('data: ', start)) return;
          // The first message is the stream's opening.
          if (!opened) {
            opened = true;
            return resolve();
          }
          const event = JSON.parse(text.slice(start + 6, end)) as { data: { id: string } };
          if (!this.arrivedAt.has(event.data.id)) this.arrivedAt.set(event.data.id, now);
        });
        response.once('close', () => {
          if (!this.closing) this.failures.push(`stream ${index} ended`);
        });
      });
    });
  }

  /**
   * Waits until the event of every attempt in `answeredAt` (the followed agents' submits, with
   * their answers' times) has arrived, or `ms` have passed; then each delivery's time after its
   * answer, and how many never came.
   */
  async drain(answeredAt: ReadonlyMap<string, number>, ms: number): Promise<{ latencies: Float64Array; missed: number }> {
    const deadline = performance.now() + ms;
    const arrived = () => [...answeredAt.keys()].filter((id) => this.arrivedAt.has(id)).length;
    while (performance.now() < deadline && arrived() < answeredAt.size) await new Promise((resolve) => setTimeout(resolve, 200));
    if (this.failures.length > 0) throw new Error(`streams failed: ${this.failures.slice(0, 3).join('; ')}`);
    const latencies: number[] = [];
    for (const [id, answered] of answeredAt) {
      const at = this.arrivedAt.get(id);
      if (at !== undefined) latencies.push(at - answered);
    }
    return { latencies: Float64Array.from(latencies).sort(), missed: answeredAt.size - latencies.length };
  }

  close(): void {
    this.closing = true;
    for (const request of this.requests) request.destroy();
    this.agent.destroy();
  }
}
