import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compared, medianRow, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { attemptsIn, cachedSqliteLeague, populateSqliteLeague, type PreparedLeague } from '../league-data.ts';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../adapters/local/open-store.ts';
import { EXPORT_PAGE } from '../../core/exports/routes.ts';
import { createSqliteDialect, openStore } from '../../storage/index.ts';
import { treeRssMb } from '../rss.ts';
import { percentile } from '../stats.ts';
import { probeLatencies } from '../latency-probe.ts';
import { LARGE, SMALL, SQLITE_CACHE } from './league-reads-at-scale.ts';

const RUNS = 3;
/** How often the server's resident memory is read while it exports. */
const SAMPLE_MS = 50;
/** Exports of the whole season running at once while an ordinary request is timed. */
const SHARED_BY = 20;
/** How long the ordinary request is timed, alone and then beside the exports. */
const PROBE_SECONDS = 8;
/** The ordinary request: a page of today's standings, read from the store the exports read. */
const PROBE = '/api/leaderboard/daily';
/** The longest the probe waits for an answer: one not answered by then counts as this, and the window ends. */
const PROBE_PATIENCE_MS = 30_000;
/** How long the server's CPU time is watched once the exports' clients have gone. */
const AFTER_SECONDS = 5;

const count = (n: number) => n.toLocaleString('en-US');
const log = (line: string) => console.error(`export-at-scale: ${line}`);

/** What one export of the whole season measured. */
interface Export {
  lines: number;
  bytes: number;
  seconds: number;
  /** The server's CPU time over the export, in seconds. */
  cpuSeconds: number;
  /** Resident memory of the server before the export, and the most it held while exporting, in MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** Whether an export streams: its memory flat whatever the size, and how fast records go out. */
export const exportAtScaleCase: BenchCase = {
  name: 'export-at-scale',
  about: `
\`GET /api/exports/attempts\` (the whole season as NDJSON, every attempt with its result and
receipt) from the real Node adapter (\`adapters/node/main.ts\`, its own child process) on the
SQLite league of ${count(attemptsIn(LARGE))} retained attempts that league-reads-at-scale prepares (and keeps
in \`bench/.out/league-reads-1m/\`), against the same export of a league of ${count(attemptsIn(SMALL))}. The bench reads
the answer as it streams, counts its lines (they must equal the league's attempts) and bytes,
and reads the server's resident memory (its process tree's VmRSS, from /proc) every ${SAMPLE_MS} ms
while it exports. ${RUNS} exports of each league, alternating; figures are medians. Records per
second is lines ÷ seconds of the whole export; the server's CPU per record (its process's user and
system time over the export, from /proc) is the steadier figure on a shared machine. Peak RSS is the most the server held during an
export; its ratio to the small league's shows whether memory grows with the export (1 is flat:
the store is read ${EXPORT_PAGE} attempts a page, one page at a time, as the client reads).

Sharing the machine: on the large league, \`GET ${PROBE}\` is sent one at a time (the next 10 ms
after each answer, from a process of its own, \`bench/latency-probe.ts\`) for ${PROBE_SECONDS} s alone, then for ${PROBE_SECONDS} s while ${SHARED_BY} exports of the whole season
stream at once, each read as fast as the bench can; its p99 beside the exports is compared with its p99 alone
(a request not answered within ${PROBE_PATIENCE_MS / 1000} s counts as ${PROBE_PATIENCE_MS / 1000} s and ends the window),
and the exports' records per second are their lines in that window, together. Then every export's
client goes away at once, and the server's CPU time over the next ${AFTER_SECONDS} s shows whether it stopped working for them.

The bound: the store's own reading of all ${count(attemptsIn(LARGE))} attempts (\`listStoredAttempts\`, ${EXPORT_PAGE} a page, as an export
reads them) in the bench's process, with nothing made of them and nothing sent: no export on this storage can run faster.`,
  async run() {
    const scratch = mkdtempSync(join(tmpdir(), 'bench-export-'));
    const servers: ChildServer[] = [];
    try {
      const large = await cachedSqliteLeague(SQLITE_CACHE, LARGE, log);
      const small = await populateSqliteLeague(scratch, SMALL, log, SQLITE_CACHE);
      const leagues = { small, large } as const;
      const serve = async (league: PreparedLeague) => {
        // The bench is one client: its SHARED_BY exports at once must be within its allowance.
        const env = { ...league.env, ARENA_EXPORTS_PER_CLIENT: String(SHARED_BY) };
        const server = await startChildServer(`adapters/node (SQLite, ${count(league.attempts)} attempts)`, ['scripts/run-built.mjs', 'node'], env);
        servers.push(server);
        return server;
      };
      const origins = { small: await serve(small), large: await serve(large) };
      const runs: Record<'small' | 'large', Export[]> = { small: [], large: [] };
      for (let run = 0; run < RUNS; run++) {
        for (const side of ['small', 'large'] as const) runs[side].push(await exportSeason(origins[side], leagues[side].attempts));
      }
      const peak = (side: 'small' | 'large') =>
        medianRow(
          `peak RSS exporting ${count(leagues[side].attempts)} attempts`,
          'MB',
          runs[side].map((e) => e.rssPeakMb),
        );
      const rate = medianRow(
        `records per second, exporting ${count(large.attempts)}`,
        'records/s',
        runs.large.map((e) => e.lines / e.seconds),
      );
      const smallRate = medianRow(
        `records per second, exporting ${count(small.attempts)}`,
        'records/s',
        runs.small.map((e) => e.lines / e.seconds),
      );
      const before = medianRow(
        `RSS before exporting ${count(large.attempts)}`,
        'MB',
        runs.large.map((e) => e.rssBeforeMb),
      );
      const megabytes = (runs.large[0]!.bytes / 1e6).toFixed(0);
      const seconds = medianRow(
        `seconds to export ${count(large.attempts)}`,
        's',
        runs.large.map((e) => e.seconds),
        `${megabytes} MB of NDJSON`,
      );
      const cpu = medianRow(
        `server CPU per 1,000 records, exporting ${count(large.attempts)}`,
        'ms',
        runs.large.map((e) => (e.cpuSeconds / e.lines) * 1e6),
      );
      const shared = await shareWithExports(origins.large);
      const bound = await readAlone(large.env.ARENA_DATA_DIR!, large.attempts);
      return [compared(rate, smallRate), cpu, bound, seconds, compared(peak('large'), peak('small')), before, ...shared] satisfies Row[];
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};

/** Exports the season from `server`, reading the answer as it streams and the server's memory meanwhile. */
async function exportSeason(server: ChildServer, expected: number): Promise<Export> {
  const rssBeforeMb = treeRssMb(server.pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, treeRssMb(server.pid));
  }, SAMPLE_MS);
  const start = performance.now();
  const cpuBefore = server.cpuSeconds();
  try {
    const answer = await fetch(`${server.origin}/api/exports/attempts`);
    if (answer.status !== 200 || !answer.body) throw new Error(`the export answered ${answer.status}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      lines += lineEnds(chunk);
    }
    const seconds = (performance.now() - start) / 1000;
    if (lines !== expected) throw new Error(`the export held ${lines} lines, not ${expected}`);
    return { lines, bytes, seconds, cpuSeconds: server.cpuSeconds() - cpuBefore, rssBeforeMb, rssPeakMb: Math.max(rssPeakMb, treeRssMb(server.pid)) };
  } finally {
    clearInterval(sampler);
  }
}

/** The probe's latencies alone and beside ${SHARED_BY} running exports, the exports' pace, and the server's work once they have gone. */
async function shareWithExports(server: ChildServer): Promise<Row[]> {
  const alone = await probeLatencies(`${server.origin}${PROBE}`, PROBE_SECONDS, PROBE_PATIENCE_MS);
  const exporting = new AbortController();
  let lines = 0;
  const exports = Array.from({ length: SHARED_BY }, async () => {
    const answer = await fetch(`${server.origin}/api/exports/attempts`, { signal: exporting.signal });
    if (answer.status !== 200 || !answer.body) throw new Error(`an export answered ${answer.status}`);
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) lines += lineEnds(chunk);
  });
  const settled = Promise.allSettled(exports);
  // Every export under way before the window opens.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const linesBefore = lines;
  const start = performance.now();
  const beside = await probeLatencies(`${server.origin}${PROBE}`, PROBE_SECONDS, PROBE_PATIENCE_MS);
  const exportRate = (lines - linesBefore) / ((performance.now() - start) / 1000);
  exporting.abort();
  const failed = (await settled).find((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).name !== 'AbortError');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  const cpuAtAbort = server.cpuSeconds();
  await new Promise((resolve) => setTimeout(resolve, AFTER_SECONDS * 1000));
  const cpuAfter = server.cpuSeconds() - cpuAtAbort;
  const p99 = (latencies: number[]) =>
    percentile(
      [...latencies].sort((a, b) => a - b),
      0.99,
    );
  const besideRow: Row = {
    label: `p99 of GET ${PROBE} beside ${SHARED_BY} exports`,
    value: p99(beside),
    unit: 'ms',
    note: `${beside.length} requests; p50 ${percentile(
      [...beside].sort((a, b) => a - b),
      0.5,
    ).toFixed(1)} ms`,
  };
  const aloneRow: Row = { label: `p99 of GET ${PROBE} alone`, value: p99(alone), unit: 'ms', note: `${alone.length} requests` };
  return [
    compared(besideRow, aloneRow),
    { label: `records per second, ${SHARED_BY} exports at once`, value: exportRate, unit: 'records/s', note: 'all exports together' },
    { label: `server CPU in the ${AFTER_SECONDS} s after ${SHARED_BY} exports' clients went`, value: cpuAfter, unit: 's' },
  ];
}

/**
 * The bound: the store's own reading of every attempt, in process, a page at a time as an export
 * reads them, with nothing made of them and nothing sent. No export on this storage runs faster.
 */
async function readAlone(dir: string, expected: number): Promise<Row> {
  const store = await openStore(createSqliteDialect(new Database(join(dir, DATABASE_FILE))), 'sqlite');
  try {
    let records = 0;
    let after: string | undefined;
    const start = performance.now();
    do {
      const { items, next } = await store.listStoredAttempts({}, { limit: EXPORT_PAGE, after });
      records += items.length;
      after = next ?? undefined;
    } while (after !== undefined);
    const seconds = (performance.now() - start) / 1000;
    if (records !== expected) throw new Error(`the store listed ${records} attempts, not ${expected}`);
    return { label: `bound: the store reading ${count(records)} attempts alone, in process`, value: records / seconds, unit: 'records/s', note: 'no line made, nothing sent' };
  } finally {
    await store.close();
  }
}

/** The line ends in `chunk`, found natively: a loop over 4 GB of bytes in JavaScript would make the bench the bottleneck. */
function lineEnds(chunk: Uint8Array): number {
  const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count++;
  return count;
}
