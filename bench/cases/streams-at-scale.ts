import http from 'node:http';
import { compared, type BenchCase, type Row } from '../case.ts';
import { BUN, DENO, DENO_RUN, startChildServer, type ChildServer } from '../child-server.ts';
import { readLines } from '../stream-lines.ts';
import { startBenchPostgres } from '../postgres.ts';
import { treeRssMb } from '../rss.ts';
import { percentile } from '../stats.ts';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';

/** Writes a second, sent on schedule whatever the answers do (an open loop). */
const RATE = 20;
/** Writes measured at each scale. */
const WRITES = 100;
/** Writes made first on each server with no stream open: the baseline of store operations and CPU, and a warm-up. */
const BASELINE_WRITES = 40;
/**
 * Streams of one Node instance on SQLite, each scale on a fresh server. `STREAMS_AT_SCALE_NODE=2000,5000`
 * measures only these scales of Node on SQLite (and the minimal fan-out, at ${'$'}{IDLE_STREAMS}): where a target holds.
 */
const ONLY_NODE = process.env.STREAMS_AT_SCALE_NODE?.split(',').map(Number);
const NODE_SCALES: readonly number[] = ONLY_NODE ?? [10, 1_000, 3_000, 10_000];
/** Streams whose memory is measured: on Node with SQLite, Bun and Deno, and on the minimal SSE servers. */
const IDLE_STREAMS = 10_000;
/** Streams of each of the two Node instances on one PostgreSQL. */
const POSTGRES_STREAMS_EACH = 5_000;
/** Streams opened at a time, each batch once all its streams have sent their first message. */
const OPEN_BATCH = 200;
/** Waited after the last stream opened before the server's RSS is read. */
const SETTLE_MS = 2_000;
/** The longest waited, after the last write's answer, for every event to reach every stream. */
const DRAIN_MS = 60_000;

const OPERATOR_TOKEN = encodeBase64Url(randomSeed());
const log = (line: string) => console.error(`streams-at-scale: ${line}`);
const grouped = (count: number) => count.toLocaleString('en-US');

type Runtime = 'node' | 'bun' | 'deno';

/** How the arena's adapter and the minimal SSE server are started on each runtime. */
const SERVERS: Record<Runtime, { executable: string; arena: readonly string[]; minimal: readonly string[]; name: string; minimalName: string }> = {
  node: {
    executable: process.execPath,
    arena: ['scripts/run-built.mjs', 'node'],
    minimal: ['--import', 'tsx', 'bench/servers/minimal-sse.ts'],
    name: 'Node',
    minimalName: 'minimal SSE, node:http',
  },
  bun: { executable: BUN, arena: ['adapters/bun/main.ts'], minimal: ['bench/servers/web/minimal-sse.ts'], name: 'Bun', minimalName: 'minimal SSE, Bun.serve' },
  deno: {
    executable: DENO,
    arena: [...DENO_RUN, 'adapters/deno/main.ts'],
    minimal: [...DENO_RUN, 'bench/servers/web/minimal-sse.ts'],
    name: 'Deno',
    minimalName: 'minimal SSE, Deno.serve',
  },
};

export const streamsAtScaleCase: BenchCase = {
  name: 'streams-at-scale',
  about: `
Many clients of \`GET /api/events\` (Server-Sent Events, \`Accept: text/event-stream\`) on one
instance at once (issue 31). The bench process opens the streams itself with \`node:http\` (no
keep-alive, no cap on sockets), ${OPEN_BATCH} at a time, each batch once all its streams have sent
their first message; every stream reads its text and notes when each event's \`id:\` line arrives
(the first stream also reads each event's data, to match events with writes). Then ${WRITES}
check-ins (\`POST /api/arrival\`) are sent at a steady ${RATE} a second, open loop, and the bench
waits (at most ${DRAIN_MS / 1000} s) until every event has reached every stream. The real Node adapter
(\`scripts/run-built.mjs node\`, its own process) is started afresh on an embedded SQLite file for
each of ${NODE_SCALES.map(grouped).join(', ')} streams; then two instances on one PostgreSQL (\`DATABASE_URL\`'s
server, or a throwaway cluster of Debian's) hold ${grouped(POSTGRES_STREAMS_EACH)} streams each while the writes
alternate between them (the other instance's writes reach a stream by NOTIFY).

A delivery is one event reaching one stream. Its latency is from the write's answer to the
event's arrival, over every stream and every write (negative when the event came first); the
baseline, from the same run, is the write's own latency, from sending it to its answer, so the
two add up to the latency from sending. A delivery missed is an event some stream had not read
when the wait ended. Store operations per write are the \`arena_storage_operation_duration_seconds\`
counts of \`/metrics\`, summed over operations (and instances), from before the writes to after
the last delivery, divided by the writes; the baseline is the same for ${BASELINE_WRITES} writes made first on
the same server with no stream open (a stream's own reads as it opens are in neither); the note
names the operations whose count per write changed. The server's CPU per write (user and system
time of its process, from /proc) is over the same spans; what it grew by, divided by the
streams, is its CPU per delivery.

The server's memory per idle stream is the growth of its RSS (its process tree's, from /proc)
from before ${grouped(IDLE_STREAMS)} streams were opened to ${SETTLE_MS / 1000} s after the last one was, divided by their
number; the baseline is the same for a minimal SSE server on the same runtime
(\`bench/servers/minimal-sse.ts\` on \`node:http\`, \`bench/servers/web/minimal-sse.ts\` on
\`Bun.serve\` and \`Deno.serve\`: a first message, then a heartbeat every 5 s, nothing else): what
the runtime's server holds for an open response. On Node the minimal server is also the bound
of delivery: it answers each write at once and then \`write\`s its one event, the same bytes, to
every open response; its latency and CPU per write at ${grouped(IDLE_STREAMS)} streams, with the same writes,
are what the arena's are compared with: the least one Node thread does to deliver. It runs twice:
writing each event to every stream with a \`write\` of its own, and batched (\`FAN_OUT=batched\`:
the events of the writes read in one turn of the event loop, those that came while the last
fan-out ran, joined and written once to each stream). Bun's and Deno's adapters
(\`bun adapters/bun/main.ts\`, \`deno run … adapters/deno/main.ts\`, on SQLite) hold as many, and
${BASELINE_WRITES} writes then check that every event reaches every stream there too. Streams from 127.0.0.1
are allowed past the arena's defaults (\`ARENA_EVENTS_PER_CLIENT\` and \`ARENA_EVENTS_MAX\` =
20000); \`ARENA_EVENTS_POLL_MS\` and the heartbeat are the defaults. The bench process reads every
stream on the same machine as the server, sharing its cores (its CPU per write is in the note):
the latencies include the time it takes to get to each stream's text. \`STREAMS_AT_SCALE_NODE=2000,5000\`
runs only the minimal fan-out and Node on SQLite at those scales: where a target holds.`,
  async run() {
    const rows: Row[] = [];
    // The minimal fan-outs first: the bounds the arena's delivery at IDLE_STREAMS is compared with.
    const bounds = [await minimalFanOut('each'), await minimalFanOut('batched')];
    for (const bound of bounds) rows.push(...bound.rows);
    for (const streams of NODE_SCALES) rows.push(...(await nodeOnSqlite(streams, streams === IDLE_STREAMS ? bounds : [])));
    if (ONLY_NODE !== undefined) return rows;
    const postgres = await startBenchPostgres('streams-at-scale');
    if (postgres === undefined) log('no PostgreSQL server binary and no DATABASE_URL: the PostgreSQL rows are left out');
    else {
      try {
        rows.push(...(await twoOnPostgres(postgres.url, postgres.what)));
      } finally {
        await postgres.stop();
      }
    }
    for (const runtime of ['bun', 'deno'] as const) rows.push(await idleOn(runtime, await minimalFloor(runtime)));
    return rows;
  },
};

/** What every arena server of the case is started with. */
function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
    ARENA_SECRET: encodeBase64Url(randomSeed()),
    ARENA_OPERATOR_TOKEN: OPERATOR_TOKEN,
    ARENA_ANONYMOUS_WRITES_PER_HOUR: '0',
    ARENA_ARRIVAL_DAILY_CAP: '100000',
    ARENA_EVENTS_PER_CLIENT: '20000',
    ARENA_EVENTS_MAX: '20000',
    ...extra,
  };
}

async function nodeOnSqlite(count: number, bounds: readonly FanOut[]): Promise<Row[]> {
  // startChildServer gives the server a scratch ARENA_DATA_DIR of its own: its SQLite file.
  const server = await startChildServer(`adapters/node (SQLite, ${count} streams)`, SERVERS.node.arena, serverEnv());
  try {
    return await measure([server], count, 'Node + SQLite', { bounds });
  } finally {
    await server.stop();
  }
}

async function twoOnPostgres(url: string, what: string): Promise<Row[]> {
  const servers: ChildServer[] = [];
  try {
    for (const name of ['a', 'b']) servers.push(await startChildServer(`adapters/node (PostgreSQL, instance ${name})`, SERVERS.node.arena, serverEnv({ DATABASE_URL: url })));
    return await measure(servers, POSTGRES_STREAMS_EACH, '2 × Node + PostgreSQL', { what });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/**
 * `each` streams on every one of `servers`, all reading while the writes go to each server in
 * turn: delivery latencies, deliveries missed, store operations and CPU per write, and (with
 * `bounds`, the minimal servers' figures, or across instances) RSS per stream.
 */
async function measure(servers: readonly ChildServer[], each: number, where: string, { bounds = [], what }: { bounds?: readonly FanOut[]; what?: string }): Promise<Row[]> {
  const total = each * servers.length;
  const scale = servers.length === 1 ? `${grouped(total)} streams` : `${grouped(each)} streams each`;
  const note = (text: string) => (what === undefined ? text : `${text}; ${what}`);

  log(`${where}: ${BASELINE_WRITES} writes with no stream open`);
  const quiet = await spent(servers, () => writeSteadily(servers, BASELINE_WRITES));

  const streams = new EventStreams(total);
  try {
    log(`${where}: opening ${scale}`);
    const memory = await openIdle(streams, servers, each);

    log(`${where}: ${WRITES} writes at ${RATE}/s to ${scale}`);
    const { busy, drained, sent, afterAnswer, fromSending, missed, answered } = await delivered(streams, servers, (work) => spent(servers, work));
    const latency = (q: number, label: string, text?: string) =>
      compared(
        {
          label: `event delivered after the write's answer, ${scale}, ${where}, ${label}`,
          value: percentile(afterAnswer, q),
          unit: 'ms',
          ...(text === undefined ? {} : { note: text }),
        },
        { label: `write answered, ${label}`, value: percentile(answered, q), unit: 'ms' },
      );
    const quietCpu = (quiet.serverCpu * 1000) / quiet.result.length;
    const busyCpu = (busy.serverCpu * 1000) / sent.length;
    const rows: Row[] = [
      latency(0.5, 'p50'),
      latency(
        0.99,
        'p99',
        note(
          `${grouped(afterAnswer.length)} deliveries; p99 from sending the write ${percentile(fromSending, 0.99).toFixed(0)} ms; the last came ${(drained / 1000).toFixed(1)} s after the last answer`,
        ),
      ),
      {
        label: `deliveries missed, ${scale}, ${where}`,
        value: missed,
        unit: 'deliveries',
        note: `of ${grouped(total * sent.length)} (${grouped(total)} streams × ${sent.length} writes)`,
      },
      compared(
        {
          label: `store operations per write, ${scale}, ${where}`,
          value: sum(busy.operations),
          unit: 'operations',
          note: note(changedOperations(quiet.operations, busy.operations)),
        },
        { label: 'no stream open', value: sum(quiet.operations), unit: 'operations' },
      ),
      compared(
        {
          label: `server CPU per write, ${scale}, ${where}`,
          value: busyCpu,
          unit: 'ms',
          // CPU time is counted in steps of 10 ms: over a few streams, a figure per delivery would be noise.
          note: `${total >= 1_000 ? `${(((busyCpu - quietCpu) * 1000) / total).toFixed(1)} µs more per delivery; ` : ''}the bench process: ${((busy.ownCpu * 1000) / sent.length).toFixed(1)} ms per write`,
        },
        { label: 'no stream open', value: quietCpu, unit: 'ms' },
      ),
    ];
    for (const bound of bounds) {
      rows.push(
        compared(
          { label: `event delivered after the write's answer, ${scale}, ${where}, p99, against the ${bound.name}`, value: percentile(afterAnswer, 0.99), unit: 'ms' },
          bound.p99,
        ),
        compared({ label: `server CPU per write, ${scale}, ${where}, against the ${bound.name}`, value: busyCpu, unit: 'ms' }, bound.cpuPerWrite),
      );
    }
    const floor = bounds[0]?.rss;
    if (floor !== undefined || servers.length > 1) {
      const row: Row = { label: `server RSS per idle stream, ${scale}, ${where}`, value: memory.kbPerStream, unit: 'KB', note: note(memory.note) };
      rows.push(floor === undefined ? row : compared(row, floor));
    }
    return rows;
  } finally {
    streams.close();
  }
}

/** The arena's adapter on `runtime` (SQLite): its RSS per idle stream against the minimal server's, once every event is seen to reach every stream. */
async function idleOn(runtime: Runtime, floor: Row): Promise<Row> {
  const { executable, arena, name } = SERVERS[runtime];
  const where = `${name} + SQLite`;
  const server = await startChildServer(`adapters/${runtime} (SQLite)`, arena, serverEnv(), executable);
  const streams = new EventStreams(IDLE_STREAMS);
  try {
    // A warm-up, as on Node: the first writes load and compile what a write runs.
    await writeSteadily([server], BASELINE_WRITES);
    log(`${where}: opening ${grouped(IDLE_STREAMS)} streams`);
    const memory = await openIdle(streams, [server], IDLE_STREAMS);
    const sent = await writeSteadily([server], BASELINE_WRITES);
    await streams.drain(sent, DRAIN_MS);
    if (streams.failures.length > 0) throw new Error(`${streams.failures.length} streams ended or failed: ${streams.failures.slice(0, 3).join('; ')}`);
    const { afterAnswer, missed } = streams.deliveries(sent);
    const checked = missed === 0 ? 'every event reached every stream' : `${grouped(missed)} deliveries missed`;
    return compared(
      {
        label: `server RSS per idle stream, ${grouped(IDLE_STREAMS)} streams, ${where}`,
        value: memory.kbPerStream,
        unit: 'KB',
        note: `${memory.note}; then ${sent.length} writes: ${checked}, p99 ${percentile(afterAnswer, 0.99).toFixed(0)} ms after the write's answer`,
      },
      floor,
    );
  } finally {
    streams.close();
    await server.stop();
  }
}

/** The minimal SSE server on `runtime`: its RSS per idle stream, the floor the arena's is compared with. */
async function minimalFloor(runtime: Runtime): Promise<Row> {
  const { executable, minimal, minimalName } = SERVERS[runtime];
  const server = await startChildServer(minimalName, minimal, {}, executable);
  const streams = new EventStreams(IDLE_STREAMS);
  try {
    log(`${minimalName}: opening ${grouped(IDLE_STREAMS)} streams`);
    const memory = await openIdle(streams, [server], IDLE_STREAMS);
    if (streams.failures.length > 0) throw new Error(`${streams.failures.length} streams ended or failed: ${streams.failures.slice(0, 3).join('; ')}`);
    return { label: minimalName, value: memory.kbPerStream, unit: 'KB' };
  } finally {
    streams.close();
    await server.stop();
  }
}

/** The minimal `node:http` server's figures at IDLE_STREAMS streams: what the arena's on Node are compared with. */
interface FanOut {
  name: string;
  rows: Row[];
  rss: Row;
  p99: Row;
  cpuPerWrite: Row;
}

/**
 * The minimal `node:http` server at IDLE_STREAMS streams: its RSS per idle stream, then, with
 * the same writes as the arena's, its delivery latency and CPU per write: the least one Node
 * thread does to hand each write's event to every stream (`each` with a `write` of its own,
 * or `batched`: the events read in one turn joined in one), so the bound of the arena's.
 */
async function minimalFanOut(fanOut: 'each' | 'batched'): Promise<FanOut> {
  const { minimal, minimalName } = SERVERS.node;
  const name = fanOut === 'each' ? 'minimal fan-out' : 'minimal fan-out, batched';
  const where = fanOut === 'each' ? 'minimal SSE fan-out, node:http' : 'minimal SSE fan-out batched per turn, node:http';
  const scale = `${grouped(IDLE_STREAMS)} streams`;
  const server = await startChildServer(where, minimal, { FAN_OUT: fanOut });
  const streams = new EventStreams(IDLE_STREAMS);
  try {
    const quiet = await spentCpu([server], () => writeSteadily([server], BASELINE_WRITES));
    log(`${where}: opening ${scale}`);
    const memory = await openIdle(streams, [server], IDLE_STREAMS);
    log(`${where}: ${WRITES} writes at ${RATE}/s to ${scale}`);
    const { busy, drained, sent, afterAnswer, fromSending, missed, answered } = await delivered(streams, [server], (work) => spentCpu([server], work));
    const quietCpu = (quiet.serverCpu * 1000) / quiet.result.length;
    const busyCpu = (busy.serverCpu * 1000) / sent.length;
    const p99: Row = { label: `${name}, p99`, value: percentile(afterAnswer, 0.99), unit: 'ms' };
    const cpuPerWrite: Row = { label: name, value: busyCpu, unit: 'ms' };
    const rss: Row = { label: minimalName, value: memory.kbPerStream, unit: 'KB' };
    const rows: Row[] = [
      compared(
        {
          label: `event delivered after the write's answer, ${scale}, ${where}, p50`,
          value: percentile(afterAnswer, 0.5),
          unit: 'ms',
        },
        { label: 'write answered, p50', value: percentile(answered, 0.5), unit: 'ms' },
      ),
      compared(
        {
          label: `event delivered after the write's answer, ${scale}, ${where}, p99`,
          value: p99.value,
          unit: 'ms',
          note: `${grouped(afterAnswer.length)} deliveries, ${grouped(missed)} missed; p99 from sending the write ${percentile(fromSending, 0.99).toFixed(0)} ms; the last came ${(drained / 1000).toFixed(1)} s after the last answer`,
        },
        { label: 'write answered, p99', value: percentile(answered, 0.99), unit: 'ms' },
      ),
      compared(
        {
          label: `server CPU per write, ${scale}, ${where}`,
          value: busyCpu,
          unit: 'ms',
          note: `${(((busyCpu - quietCpu) * 1000) / IDLE_STREAMS).toFixed(1)} µs more per delivery; the bench process: ${((busy.ownCpu * 1000) / sent.length).toFixed(1)} ms per write`,
        },
        { label: 'no stream open', value: quietCpu, unit: 'ms' },
      ),
    ];
    // Batched or not, the same server holds the same idle streams: one RSS row is enough.
    if (fanOut === 'each') rows.push({ ...rss, label: `server RSS per idle stream, ${scale}, ${where}`, note: memory.note });
    return { name, rows, rss, p99, cpuPerWrite };
  } finally {
    streams.close();
    await server.stop();
  }
}

/** Opens `each` streams on every one of `servers`; how much their RSS grew, per stream, SETTLE_MS after the last opened. */
async function openIdle(streams: EventStreams, servers: readonly ChildServer[], each: number): Promise<{ kbPerStream: number; note: string }> {
  const before = servers.map((server) => treeRssMb(server.pid));
  const opening = performance.now();
  for (const server of servers) await streams.open(server.origin, each);
  const seconds = (performance.now() - opening) / 1000;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = servers.map((server) => treeRssMb(server.pid));
  const grown = after.reduce((sum, mb, i) => sum + mb - before[i]!, 0);
  const mb = (list: number[]) => list.map((value) => value.toFixed(0)).join(' + ');
  return { kbPerStream: (grown * 1024) / (each * servers.length), note: `RSS ${mb(before)} MB -> ${mb(after)} MB; opened in ${seconds.toFixed(1)} s` };
}

/** What `work` cost the servers: store operations (by operation, per write), the servers' CPU and this process's, in seconds. */
interface Spent<T> {
  result: T;
  operations: Map<string, number>;
  serverCpu: number;
  ownCpu: number;
}

/** What `work` cost `server` and this process in CPU, in seconds: for a server with no `/metrics`. */
async function spentCpu(servers: readonly ChildServer[], work: () => Promise<Sent[]>): Promise<Omit<Spent<Sent[]>, 'operations'>> {
  const cpu = servers.map((server) => server.cpuSeconds());
  const own = process.cpuUsage();
  const result = await work();
  const ownUsed = process.cpuUsage(own);
  const serverCpu = servers.reduce((sum, server, i) => sum + server.cpuSeconds() - cpu[i]!, 0);
  return { result, serverCpu, ownCpu: (ownUsed.user + ownUsed.system) / 1e6 };
}

/** `spentCpu`, and the arena's store operations per write (read from its `/metrics`). */
async function spent(servers: readonly ChildServer[], work: () => Promise<Sent[]>): Promise<Spent<Sent[]>> {
  const operations = await operationCounts(servers);
  const used = await spentCpu(servers, work);
  return { ...used, operations: perWrite(operations, await operationCounts(servers), used.result.length) };
}

/**
 * WRITES writes at RATE a second to `servers` while `streams` read, until every event has reached
 * every stream or DRAIN_MS pass, measured by `measured`: what was sent, and when each arrived.
 */
async function delivered<T extends { result: Sent[] }>(streams: EventStreams, servers: readonly ChildServer[], measured: (work: () => Promise<Sent[]>) => Promise<T>) {
  let drained = 0;
  const busy = await measured(async () => {
    const sent = await writeSteadily(servers, WRITES);
    drained = await streams.drain(sent, DRAIN_MS);
    return sent;
  });
  if (streams.failures.length > 0) throw new Error(`${streams.failures.length} streams ended or failed: ${streams.failures.slice(0, 3).join('; ')}`);
  const sent = busy.result;
  const answered = Float64Array.from(sent, ({ at, answered }) => answered - at).sort();
  return { busy, drained, sent, answered, ...streams.deliveries(sent) };
}

/** One write: when it was sent and answered (performance.now()), and the arrival's id. */
interface Sent {
  id: string;
  at: number;
  answered: number;
}

/** `count` check-ins at RATE a second, open loop, to each of `servers` in turn. */
async function writeSteadily(servers: readonly ChildServer[], count: number): Promise<Sent[]> {
  const sent: Sent[] = [];
  const writes: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const due = started + (index * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const { origin } = servers[index % servers.length]!;
    writes.push(
      (async () => {
        const at = performance.now();
        const written = await fetch(`${origin}/api/arrival`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${index}-${Math.random()}` },
          body: JSON.stringify({
            displayName: `Bench ${index}`,
            model: 'bench',
            sentBy: 'the streams-at-scale bench',
            source: 'bench',
            purpose: 'Measuring.',
            operatorAuthorized: true,
          }),
        });
        const answered = performance.now();
        const body = await written.json();
        if (written.status !== 200 && written.status !== 201) throw new Error(`a check-in answered ${written.status}: ${JSON.stringify(body)}`);
        sent.push({ id: body.arrival.id, at, answered });
      })(),
    );
  }
  await Promise.all(writes);
  return sent;
}

/** Storage operations each server has counted so far, by operation, summed over the servers. */
async function operationCounts(servers: readonly ChildServer[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const server of servers) {
    const answer = await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`/metrics answered ${answer.status}: ${text.slice(0, 200)}`);
    for (const line of text.split('\n')) {
      if (!line.startsWith('arena_storage_operation_duration_seconds_count{')) continue;
      const operation = /operation="([^"]*)"/.exec(line)?.[1] ?? '?';
      counts.set(operation, (counts.get(operation) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
    }
  }
  return counts;
}

function perWrite(before: Map<string, number>, after: Map<string, number>, writes: number): Map<string, number> {
  const each = new Map<string, number>();
  for (const [operation, count] of after) {
    const made = count - (before.get(operation) ?? 0);
    if (made > 0) each.set(operation, made / writes);
  }
  return each;
}

function sum(counts: Map<string, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

/** The operations whose count per write differs from the baseline's: `eventsAfter 0 -> 1.1`. */
function changedOperations(quiet: Map<string, number>, busy: Map<string, number>): string {
  const names = [...new Set([...quiet.keys(), ...busy.keys()])].sort();
  const changed = names
    .map((name) => [name, quiet.get(name) ?? 0, busy.get(name) ?? 0] as const)
    .filter(([, before, after]) => Math.abs(after - before) >= 0.005)
    .map(([name, before, after]) => `${name} ${before.toFixed(2)} -> ${after.toFixed(2)}`);
  return `per write, against no stream: ${changed.length === 0 ? 'none changed' : changed.join(', ')}`;
}

/**
 * Many SSE streams of `GET /api/events`, read by this process: when each stream read each event
 * (by its `id:` line), and which event each check-in made (from the first stream's `data:` lines).
 */
class EventStreams {
  /** For each event id, when each stream read it (performance.now(); NaN: not yet). */
  private readonly seen = new Map<number, Float64Array>();
  /** Arrival id -> the id of its event, as the first stream read it. */
  private readonly eventOf = new Map<string, number>();
  private readonly requests: http.ClientRequest[] = [];
  private readonly agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  private closing = false;
  /** Streams that ended, or failed, while they were meant to be open. */
  readonly failures: string[] = [];

  constructor(private readonly capacity: number) {}

  get count(): number {
    return this.requests.length;
  }

  /** Opens `count` more streams on `origin`, OPEN_BATCH at a time. */
  async open(origin: string, count: number): Promise<void> {
    if (this.count + count > this.capacity) throw new RangeError(`room for ${this.capacity} streams, not ${this.count + count}`);
    for (let opened = 0; opened < count; ) {
      const batch = Math.min(OPEN_BATCH, count - opened);
      await Promise.all(Array.from({ length: batch }, () => this.openOne(origin)));
      opened += batch;
    }
  }

  private openOne(origin: string): Promise<void> {
    const index = this.requests.length;
    return new Promise((resolve, reject) => {
      const request = http.get(`${origin}/api/events?kind=arrival.recorded`, { agent: this.agent, headers: { accept: 'text/event-stream' } });
      this.requests.push(request);
      request.once('error', (error) => {
        if (this.closing) return;
        this.failures.push(`stream ${index}: ${error.message}`);
        reject(error);
      });
      request.once('response', (response) => {
        if (response.statusCode !== 200) {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.once('end', () => reject(new Error(`a stream answered ${response.statusCode}: ${text.slice(0, 300)}`)));
          return;
        }
        let opened = false;
        readLines(response, (text, start, end, now) => {
          if (text.startsWith('id: ', start)) {
            const id = Number(text.slice(start + 4, end));
            // The first message is the stream's opening, whose id is its cursor.
            if (opened) this.saw(id, index, now);
            else {
              opened = true;
              resolve();
            }
          } else if (index === 0 && text.startsWith('data: ', start)) {
            const event = JSON.parse(text.slice(start + 6, end));
            if (event.kind === 'arrival.recorded') this.eventOf.set(event.data.id, event.id);
          }
        });
        response.once('close', () => {
          if (!this.closing) this.failures.push(`stream ${index} ended`);
          if (!opened) reject(new Error(`stream ${index} ended before its first message`));
        });
      });
    });
  }

  private saw(id: number, stream: number, at: number): void {
    let times = this.seen.get(id);
    if (times === undefined) {
      times = new Float64Array(this.capacity).fill(Number.NaN);
      this.seen.set(id, times);
    }
    if (Number.isNaN(times[stream]!)) times[stream] = at;
  }

  /** Waits until every stream has read the event of every write in `sent`, or `ms` have passed; how long after the last answer that took. */
  async drain(sent: readonly Sent[], ms: number): Promise<number> {
    const lastAnswer = Math.max(...sent.map(({ answered }) => answered));
    const deadline = performance.now() + ms;
    while (performance.now() < deadline && this.missed(sent) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    return performance.now() - lastAnswer;
  }

  private missed(sent: readonly Sent[]): number {
    let missed = 0;
    for (const { id } of sent) {
      const event = this.eventOf.get(id);
      const times = event === undefined ? undefined : this.seen.get(event);
      if (times === undefined) missed += this.count;
      else for (let stream = 0; stream < this.count; stream++) if (Number.isNaN(times[stream]!)) missed++;
    }
    return missed;
  }

  /** Every delivery's latency after its write's answer and from its sending, in ms, sorted; and how many deliveries never came. */
  deliveries(sent: readonly Sent[]): { afterAnswer: Float64Array; fromSending: Float64Array; missed: number } {
    const latencies: number[] = [];
    const fromSending: number[] = [];
    let missed = 0;
    for (const { id, at: sentAt, answered } of sent) {
      const event = this.eventOf.get(id);
      const times = event === undefined ? undefined : this.seen.get(event);
      for (let stream = 0; stream < this.count; stream++) {
        const at = times?.[stream] ?? Number.NaN;
        if (Number.isNaN(at)) missed++;
        else {
          latencies.push(at - answered);
          fromSending.push(at - sentAt);
        }
      }
    }
    return { afterAnswer: Float64Array.from(latencies).sort(), fromSending: Float64Array.from(fromSending).sort(), missed };
  }

  close(): void {
    this.closing = true;
    for (const request of this.requests) request.destroy();
    this.agent.destroy();
  }
}
