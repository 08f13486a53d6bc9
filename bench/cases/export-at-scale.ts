import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compared, medianRow, type BenchCase, type Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { attemptsIn, cachedSqliteLeague, populateSqliteLeague, type PreparedLeague } from '../league-data.ts';
import { EXPORT_PAGE } from '../../core/exports/routes.ts';
import { treeRssMb } from '../rss.ts';
import { LARGE, SMALL, SQLITE_CACHE } from './league-reads-at-scale.ts';

const RUNS = 3;
/** How often the server's resident memory is read while it exports. */
const SAMPLE_MS = 50;

const count = (n: number) => n.toLocaleString('en-US');
const log = (line: string) => console.error(`export-at-scale: ${line}`);

/** What one export of the whole season measured. */
interface Export {
  lines: number;
  bytes: number;
  seconds: number;
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
second is lines ÷ seconds of the whole export. Peak RSS is the most the server held during an
export; its ratio to the small league's shows whether memory grows with the export (1 is flat:
the store is read ${EXPORT_PAGE} attempts a page, one page at a time, as the client reads).`,
  async run() {
    const scratch = mkdtempSync(join(tmpdir(), 'bench-export-'));
    const servers: ChildServer[] = [];
    try {
      const large = await cachedSqliteLeague(SQLITE_CACHE, LARGE, log);
      const small = await populateSqliteLeague(scratch, SMALL, log, SQLITE_CACHE);
      const leagues = { small, large } as const;
      const serve = async (league: PreparedLeague) => {
        const server = await startChildServer(`adapters/node (SQLite, ${count(league.attempts)} attempts)`, ['scripts/run-built.mjs', 'node'], league.env);
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
      return [compared(rate, smallRate), seconds, compared(peak('large'), peak('small')), before] satisfies Row[];
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
  try {
    const answer = await fetch(`${server.origin}/api/exports/attempts`);
    if (answer.status !== 200 || !answer.body) throw new Error(`the export answered ${answer.status}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - start) / 1000;
    if (lines !== expected) throw new Error(`the export held ${lines} lines, not ${expected}`);
    return { lines, bytes, seconds, rssBeforeMb, rssPeakMb: Math.max(rssPeakMb, treeRssMb(server.pid)) };
  } finally {
    clearInterval(sampler);
  }
}
