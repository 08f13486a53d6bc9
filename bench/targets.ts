/**
 * The performance targets the bench reports on (issues 13, 31 and 32), each read from this run's rows: its
 * figure before the work (as measured when the target was set, on this machine), the figure
 * now, and the target. Nothing here is asserted; the table only puts before and after side by
 * side, where RESULTS.md is read.
 */
import type { CaseResult } from './report.ts';
import type { Row } from './case.ts';

export interface Target {
  what: string;
  /** The case and the row (by the start of its label, and of its baseline's) that give the figure now. */
  bench: string;
  row: string;
  baseline?: string;
  /** The ratio (measured ÷ baseline) or the measured value itself. */
  figure: 'ratio' | 'value';
  before: string;
  goal: string;
  /** Whether `now` meets the goal; absent where another row judges it. */
  met?(now: number): boolean;
}

export const TARGETS: readonly Target[] = [
  {
    what: 'Signed play on Node: server CPU per request ÷ the minimal form',
    bench: 'http-play-node',
    row: 'CPU per request, adapters/node',
    baseline: 'minimal node:http',
    figure: 'ratio',
    before: '2.43× (479 µs ÷ 197 µs)',
    goal: '≤ 1.25×',
    met: (now) => now <= 1.25,
  },
  {
    what: 'Signed play on Node: server CPU per request ÷ the minimal form sending the arena’s headers',
    bench: 'http-play-node',
    row: 'CPU per request, adapters/node',
    baseline: 'minimal form with the arena’s headers',
    figure: 'ratio',
    before: 'not measured',
    goal: 'for comparison: the row above without what the contract’s headers cost',
  },
  {
    what: 'Signed play on Node: throughput ÷ the same route in Hono',
    bench: 'http-play-node',
    row: 'GET play, adapters/node',
    baseline: 'Hono',
    figure: 'ratio',
    before: '0.85×',
    goal: '≥ 1.3×',
    met: (now) => now >= 1.3,
  },
  {
    what: 'Signed play on Bun: server CPU per request ÷ the minimal form on Bun.serve',
    bench: 'http-play-bun',
    row: 'CPU per request, adapters/bun',
    baseline: 'minimal Bun.serve',
    figure: 'ratio',
    before: 'not measured (0.12-0.13× a bare Bun server’s throughput)',
    goal: '≤ 1.25×',
    met: (now) => now <= 1.25,
  },
  {
    what: 'Signed play on Bun: server CPU per request ÷ the minimal form sending the arena’s headers',
    bench: 'http-play-bun',
    row: 'CPU per request, adapters/bun',
    baseline: 'minimal form with the arena’s headers',
    figure: 'ratio',
    before: 'not measured',
    goal: 'for comparison: the row above without what the contract’s headers cost',
  },
  {
    what: 'Signed play on Bun: throughput ÷ Hono on Bun.serve',
    bench: 'http-play-bun',
    row: 'GET play, adapters/bun',
    baseline: 'Hono',
    figure: 'ratio',
    before: 'not measured',
    goal: '≥ 1.3×',
    met: (now) => now >= 1.3,
  },
  {
    what: 'Signed play on Deno: server CPU per request ÷ the minimal form on Deno.serve',
    bench: 'http-play-deno',
    row: 'CPU per request, adapters/deno',
    baseline: 'minimal Deno.serve',
    figure: 'ratio',
    before: 'not measured (0.12-0.13× a bare Deno server’s throughput)',
    goal: '≤ 1.25×',
    met: (now) => now <= 1.25,
  },
  {
    what: 'Signed play on Deno: server CPU per request ÷ the minimal form sending the arena’s headers',
    bench: 'http-play-deno',
    row: 'CPU per request, adapters/deno',
    baseline: 'minimal form with the arena’s headers',
    figure: 'ratio',
    before: 'not measured',
    goal: 'for comparison: the row above without what the contract’s headers cost',
  },
  {
    what: 'Signed play on Deno: throughput ÷ Hono on Deno.serve',
    bench: 'http-play-deno',
    row: 'GET play, adapters/deno',
    baseline: 'Hono',
    figure: 'ratio',
    before: 'not measured',
    goal: '≥ 1.3×',
    met: (now) => now >= 1.3,
  },
  {
    what: 'Signed play on Node at `npm start`’s log level (`info`): server CPU per request ÷ the minimal form (issue 32)',
    bench: 'http-play-node',
    row: 'CPU per request, adapters/node',
    baseline: 'minimal node:http',
    figure: 'ratio',
    before: '1.40× at faff1a6 (8 rotated rounds of this case’s servers)',
    goal: '≤ 1.1×',
    met: (now) => now <= 1.1,
  },
  {
    what: 'Signed play on Bun at `npm start`’s log level (`info`): server CPU per request ÷ the minimal form (issue 32)',
    bench: 'http-play-bun',
    row: 'CPU per request, adapters/bun',
    baseline: 'minimal Bun.serve',
    figure: 'ratio',
    before: '1.24× at faff1a6 (8 rotated rounds of this case’s servers)',
    goal: '≤ 1.1×',
    met: (now) => now <= 1.1,
  },
  {
    what: 'Signed play on Deno at `npm start`’s log level (`info`): server CPU per request ÷ the minimal form (issue 32)',
    bench: 'http-play-deno',
    row: 'CPU per request, adapters/deno',
    baseline: 'minimal Deno.serve',
    figure: 'ratio',
    before: '1.61× at faff1a6 (8 rotated rounds of this case’s servers)',
    goal: '≤ 1.1×',
    met: (now) => now <= 1.1,
  },
  {
    what: 'Triad Duel chain (invite → respond → reveal) over HTTP, chains/s',
    bench: 'http-triad-chain-node',
    row: 'invite → respond → reveal',
    figure: 'value',
    before: '521 chains/s',
    goal: '≥ 1,042 chains/s (2×)',
    met: (now) => now >= 1042,
  },
  {
    what: 'State Forge play on Node: server CPU per request ÷ the minimal form',
    bench: 'http-forge-play-node',
    row: 'CPU per request, adapters/node',
    baseline: 'minimal node:http',
    figure: 'ratio',
    before: 'not measured',
    goal: 'measured (as for signed play: ≤ 1.25×)',
    met: (now) => now <= 1.25,
  },
  {
    what: 'League submits per second, SQLite (in process, 8 in flight)',
    bench: 'league-submits',
    row: 'POST submit, SQLite',
    figure: 'value',
    before: '692 req/s (RESULTS.md at 1aee5b7)',
    goal: 'judged as a ratio: next rows',
  },
  {
    what: 'League submits per second, PostgreSQL (in process, 8 in flight)',
    bench: 'league-submits',
    row: 'POST submit, PostgreSQL',
    figure: 'value',
    before: '533 req/s (RESULTS.md at 1aee5b7)',
    goal: 'judged as a ratio: next rows',
  },
  {
    what: 'League submit ÷ signed play, SQLite',
    bench: 'league-submits',
    row: 'POST submit, SQLite',
    figure: 'ratio',
    before: '0.23×',
    goal: '≥ 0.5×',
    met: (now) => now >= 0.5,
  },
  {
    what: 'League submit ÷ the play and the submit’s store calls alone, SQLite (what the arena’s submit path adds)',
    bench: 'league-submits',
    row: 'POST submit against the play and its store calls, SQLite',
    figure: 'ratio',
    before: 'not measured',
    goal: 'context: 1× is a submit that costs nothing beyond them',
  },
  {
    what: 'The play and the retain alone ÷ signed play, SQLite (the most any submit keeping the same records could reach)',
    bench: 'league-submits',
    row: 'bound (the play, the retain alone), SQLite',
    figure: 'ratio',
    before: 'not measured',
    goal: 'context: the ≥ 0.5× goal is reachable only below this',
  },
  {
    what: 'League submit ÷ signed play, PostgreSQL',
    bench: 'league-submits',
    row: 'POST submit, PostgreSQL',
    figure: 'ratio',
    before: '0.19×',
    goal: '≥ 0.4×',
    met: (now) => now >= 0.4,
  },
  {
    what: 'League submit ÷ the play and the submit’s store calls alone, PostgreSQL (what the arena’s submit path adds)',
    bench: 'league-submits',
    row: 'POST submit against the play and its store calls, PostgreSQL',
    figure: 'ratio',
    before: 'not measured',
    goal: 'context: 1× is a submit that costs nothing beyond them',
  },
  {
    what: 'The play and the retain alone ÷ signed play, PostgreSQL (the most any submit keeping the same records could reach)',
    bench: 'league-submits',
    row: 'bound (the play, the retain alone), PostgreSQL',
    figure: 'ratio',
    before: 'not measured',
    goal: 'context: the ≥ 0.4× goal is reachable only below this',
  },
  {
    what: 'League submit on Node + SQLite: server CPU per submit ÷ the minimal submit (issue 32)',
    bench: 'league-submit-vs-minimal',
    row: 'CPU per submit, SQLite, adapters/node',
    baseline: 'minimal submit, SQLite',
    figure: 'ratio',
    before: '1.86× at faff1a6 (949 ÷ 455 µs; one run, other processes at 61% of the machine)',
    goal: '≤ 1.2×',
    met: (now) => now <= 1.2,
  },
  {
    what: 'League submit on Node + PostgreSQL: Node and PostgreSQL CPU per submit together ÷ the minimal submit’s (issue 32)',
    bench: 'league-submit-vs-minimal',
    row: 'CPU per submit, Node and PostgreSQL together, adapters/node',
    baseline: 'minimal submit, Node and PostgreSQL together',
    figure: 'ratio',
    before: '1.49× at faff1a6 (2,030 ÷ 1,370 µs; one run, other processes at 61% of the machine)',
    goal: '≤ 1.3×',
    met: (now) => now <= 1.3,
  },
  {
    what: 'Two Node instances on one PostgreSQL, 64 submitters: samples (one each 10 ms) in which a submit’s statement waited on a lock (issue 32)',
    bench: 'league-cluster-submits',
    row: 'submit statements seen waiting on a lock, 2 × Node',
    figure: 'value',
    before: '425-543 samples of 536-770 at faff1a6 (day_counts’ row lock); 342-457 of 453-551 at adf0074 (NOTIFY’s commit lock); three runs of this bench',
    goal: '0: no statement of a submit waits on a lock another agent’s submit holds',
    met: (now) => now === 0,
  },
  {
    what: 'League submits per second, two Node instances on one PostgreSQL ÷ one, 64 submitters (issue 32)',
    bench: 'league-cluster-submits',
    row: 'POST submit, 2 × Node + PostgreSQL',
    baseline: 'POST submit, 1 × Node + PostgreSQL',
    figure: 'ratio',
    before: '0.91-0.96× at faff1a6, 0.94-0.96× at adf0074 (three runs of this bench)',
    goal: '≥ 1.6× where the machine allows (its CPU rows say what limited it)',
    met: (now) => now >= 1.6,
  },
  {
    what: 'League p99 at 1,000,000 attempts ÷ at 1,000, SQLite',
    bench: 'league-reads-at-scale',
    row: 'GET /api/league p99, SQLite',
    figure: 'ratio',
    before: '≤ 1.1× (held)',
    goal: '≤ 1.1×',
    met: (now) => now <= 1.1,
  },
  {
    what: 'Leaderboard p99 at 1,000,000 attempts ÷ at 1,000, SQLite',
    bench: 'league-reads-at-scale',
    row: 'GET /api/leaderboard p99, SQLite',
    figure: 'ratio',
    before: '≤ 1.1× (held)',
    goal: '≤ 1.1×',
    met: (now) => now <= 1.1,
  },
  {
    what: 'League p99 at 1,000,000 attempts ÷ at 1,000, PostgreSQL',
    bench: 'league-reads-at-scale',
    row: 'GET /api/league p99, PostgreSQL',
    figure: 'ratio',
    before: '≤ 1.1× (held)',
    goal: '≤ 1.1×',
    met: (now) => now <= 1.1,
  },
  {
    what: 'Leaderboard p99 at 1,000,000 attempts ÷ at 1,000, PostgreSQL',
    bench: 'league-reads-at-scale',
    row: 'GET /api/leaderboard p99, PostgreSQL',
    figure: 'ratio',
    before: '≤ 1.1× (held)',
    goal: '≤ 1.1×',
    met: (now) => now <= 1.1,
  },
  {
    what: 'Export of 1,000,000 attempts, SQLite: records per second (issue 31)',
    bench: 'export-at-scale',
    row: 'records per second, exporting 1,000,000',
    figure: 'value',
    before: '15,100 records/s (at 8dfc0a1, this bench)',
    goal: '≥ 45,300 records/s (3×)',
    met: (now) => now >= 45_300,
  },
  {
    what: 'Export of 1,000,000 attempts, SQLite: server CPU per 1,000 records',
    bench: 'export-at-scale',
    row: 'server CPU per 1,000 records',
    figure: 'value',
    before: '55.8 ms (at 8dfc0a1, this bench)',
    goal: 'context: what records per second costs the server',
  },
  {
    what: 'p99 of an ordinary GET beside 20 exports, SQLite',
    bench: 'export-at-scale',
    row: 'p99 of GET /api/leaderboard/daily beside 20 exports',
    figure: 'value',
    before: 'no answer within 30 s (at 8dfc0a1, this bench)',
    goal: '< 100 ms',
    met: (now) => now < 100,
  },
  {
    what: 'Event delivery p99 after the write’s answer, 10,000 SSE streams on one Node instance, SQLite, 20 writes/s',
    bench: 'streams-at-scale',
    row: "event delivered after the write's answer, 10,000 streams, Node + SQLite, p99",
    baseline: 'write answered',
    figure: 'value',
    before: 'not measured (1,000 streams at most; each stream read the store itself)',
    goal: '≤ 250 ms (beyond one Node thread on this machine: see the minimal fan-out rows)',
    met: (now) => now <= 250,
  },
  {
    what: 'Event delivery p99 after the write’s answer, 3,000 streams (the default ARENA_EVENTS_MAX), Node, SQLite',
    bench: 'streams-at-scale',
    row: "event delivered after the write's answer, 3,000 streams, Node + SQLite, p99",
    baseline: 'write answered',
    figure: 'value',
    before: 'not measured',
    goal: '≤ 250 ms',
    met: (now) => now <= 250,
  },
  {
    what: 'Event delivery p99 after the write’s answer, 2 Node instances × 5,000 streams, PostgreSQL',
    bench: 'streams-at-scale',
    row: "event delivered after the write's answer, 5,000 streams each, 2 × Node + PostgreSQL, p99",
    baseline: 'write answered',
    figure: 'value',
    before: 'not measured',
    goal: '≤ 250 ms',
    met: (now) => now <= 250,
  },
  {
    what: 'Store operations per write, 10,000 streams ÷ no stream open (flat in the number of streams)',
    bench: 'streams-at-scale',
    row: 'store operations per write, 10,000 streams, Node + SQLite',
    figure: 'ratio',
    before: 'one event query and one record read per stream and write',
    goal: 'flat: the same at 10, 1,000 and 10,000 streams',
  },
  ...(['Node', 'Bun', 'Deno'] as const).map(
    (runtime): Target => ({
      what: `Server RSS per idle stream, 10,000 streams, ${runtime}`,
      bench: 'streams-at-scale',
      row: `server RSS per idle stream, 10,000 streams, ${runtime} + SQLite`,
      figure: 'value',
      before: 'not measured',
      goal: '≤ 20 KB',
      met: (now) => now <= 20,
    }),
  ),
  {
    what: 'Server RSS per slow stream (400 events unread), Node, SQLite',
    bench: 'slow-streams',
    row: 'server RSS per slow stream',
    figure: 'value',
    before: '2,500 KB (200 readers replaying 100 large events, as the issue measured it)',
    goal: 'measured and documented',
  },
];

/** The targets as table lines: what, before, now (this run), goal, and whether it is met. */
export function targetLines(results: readonly CaseResult[]): string[][] {
  return TARGETS.map((target) => {
    const row = findRow(results, target);
    const now = row === undefined ? undefined : target.figure === 'ratio' ? row.ratio : row.value;
    const shown = now === undefined ? 'not in this run' : target.figure === 'ratio' ? `${now.toFixed(2)}×` : `${Math.round(now).toLocaleString('en-US')} ${row!.unit}`;
    return [target.what, target.before, shown, target.goal, now === undefined || target.met === undefined ? '' : target.met(now) ? 'yes' : 'no'];
  });
}

function findRow(results: readonly CaseResult[], target: Target): Row | undefined {
  return results
    .find((result) => result.bench.name === target.bench)
    ?.rows.find((row) => row.label.startsWith(target.row) && (target.baseline === undefined || row.baseline?.label.startsWith(target.baseline) === true));
}
