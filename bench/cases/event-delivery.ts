import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compared, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { startBenchPostgres } from '../postgres.ts';
import { percentile } from '../stats.ts';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';

/** Writes a second, sent on schedule whatever the answers do (an open loop). */
const RATE = 20;
const WRITES = 200;
const log = (line: string) => console.error(`event-delivery: ${line}`);

/** Latencies of one run, in milliseconds. */
interface Delivery {
  /** From sending a write to reading its event on the stream. */
  delivered: number[];
  /** From sending the same write to reading its answer: the baseline. */
  answered: number[];
}

export const eventDeliveryCase: BenchCase = {
  name: 'event-delivery',
  about: `
How long an event takes from the write that makes it to a client of \`GET /api/events\`. Two
instances of the real Node adapter (\`adapters/node/main.ts\`, each its own process) share one
database: the embedded SQLite file, then PostgreSQL (\`DATABASE_URL\`'s server, or a throwaway
cluster of Debian's). A client reads the NDJSON stream of one instance (\`?kind=arrival.recorded\`)
while ${WRITES} check-ins (\`POST /api/arrival\`) are sent at a steady ${RATE} a second, open loop,
either to the same instance (its writes wake its streams at once) or to the other (on PostgreSQL
its writes reach the reader by NOTIFY; SQLite has none, so there the stream's poll finds them,
every \`ARENA_EVENTS_POLL_MS\` = 1000 ms, the default). A write's latency is from
sending it to reading its event, matched by the check-in's id; the baseline, from the same run,
is from sending it to reading its answer.`,
  async run() {
    const rows: Row[] = [];
    const sqlite = mkdtempSync(join(tmpdir(), 'bench-events-'));
    try {
      rows.push(...(await deliveries('SQLite', { ARENA_DATA_DIR: sqlite })));
    } finally {
      rmSync(sqlite, { recursive: true, force: true });
    }
    const postgres = await startBenchPostgres('event-delivery');
    if (postgres === undefined) log('no PostgreSQL server binary and no DATABASE_URL: the PostgreSQL rows are left out');
    else {
      try {
        rows.push(...(await deliveries('PostgreSQL', { DATABASE_URL: postgres.url }, postgres.what)));
      } finally {
        await postgres.stop();
      }
    }
    return rows;
  },
};

/** Both cases (same instance, other instance) on one database. */
async function deliveries(database: string, env: Record<string, string>, what?: string): Promise<Row[]> {
  const shared = {
    ...env,
    ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
    ARENA_SECRET: encodeBase64Url(randomSeed()),
    ARENA_ANONYMOUS_WRITES_PER_HOUR: '0',
    ARENA_ARRIVAL_DAILY_CAP: '100000',
  };
  const servers: ChildServer[] = [];
  try {
    for (const name of ['a', 'b']) servers.push(await startChildServer(`adapters/node (${database}, instance ${name})`, ['scripts/run-built.mjs', 'node'], shared));
    const [reader, other] = servers as [ChildServer, ChildServer];
    const rows: Row[] = [];
    for (const [where, writer] of [
      ['same instance', reader],
      ['other instance', other],
    ] as const) {
      log(`${database}, ${where}: ${WRITES} writes at ${RATE}/s`);
      const { delivered, answered } = await delivery(reader, writer);
      const row = (q: number, label: string) => {
        const ours = percentile(
          [...delivered].sort((x, y) => x - y),
          q,
        );
        const theirs = percentile(
          [...answered].sort((x, y) => x - y),
          q,
        );
        return compared(
          { label: `event delivered, ${where}, ${database}, ${label}`, value: ours, unit: 'ms', ...(what ? { note: what } : {}) },
          { label: `write answered, ${label}`, value: theirs, unit: 'ms' },
        );
      };
      rows.push(row(0.5, 'p50'), row(0.99, 'p99'));
    }
    return rows;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** Streams from `reader` while writing to `writer`; every write's event must arrive. */
async function delivery(reader: ChildServer, writer: ChildServer): Promise<Delivery> {
  const aborter = new AbortController();
  const answer = await fetch(`${reader.origin}/api/events?kind=arrival.recorded`, { headers: { accept: 'application/x-ndjson' }, signal: aborter.signal });
  if (answer.status !== 200 || !answer.body) throw new Error(`the stream answered ${answer.status}`);
  const seen = new Map<string, number>();
  const reading = (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
        const now = performance.now();
        pending += decoder.decode(chunk, { stream: true });
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          if (line === '') continue;
          const event = JSON.parse(line);
          if (event.kind === 'arrival.recorded') seen.set(event.data.id, now);
        }
      }
    } catch (error) {
      if (!aborter.signal.aborted) throw error;
    }
  })();
  const sent: { id: string; at: number; answered: number }[] = [];
  const writes: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < WRITES; index++) {
    const due = started + (index * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    writes.push(
      (async () => {
        const at = performance.now();
        const written = await fetch(`${writer.origin}/api/arrival`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${index}-${Math.random()}` },
          body: JSON.stringify({
            displayName: `Bench ${index}`,
            model: 'bench',
            sentBy: 'the event-delivery bench',
            source: 'bench',
            purpose: 'Measuring.',
            operatorAuthorized: true,
          }),
        });
        const body = await written.json();
        if (written.status !== 200 && written.status !== 201) throw new Error(`a check-in answered ${written.status}: ${JSON.stringify(body)}`);
        sent.push({ id: body.arrival.id, at, answered: performance.now() });
      })(),
    );
  }
  await Promise.all(writes);
  const deadline = performance.now() + 10_000;
  while (sent.some(({ id }) => !seen.has(id)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  aborter.abort();
  await reading;
  const missing = sent.filter(({ id }) => !seen.has(id));
  if (missing.length > 0) throw new Error(`${missing.length} of ${sent.length} events never arrived`);
  return { delivered: sent.map(({ id, at }) => seen.get(id)! - at), answered: sent.map(({ at, answered }) => answered - at) };
}
