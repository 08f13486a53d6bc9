import { readFile, writeFile } from 'node:fs/promises';
import type { BenchCase } from './case.ts';
import { busyDayCase } from './cases/busy-day.ts';
import { credentialScanCase } from './cases/credential-scan.ts';
import { eventDeliveryCase } from './cases/event-delivery.ts';
import { exportAtScaleCase } from './cases/export-at-scale.ts';
import { exportReplayedCase } from './cases/export-replayed.ts';
import { httpForgePlayNodeCase } from './cases/http-forge-play-node.ts';
import { httpPlayBunCase, httpPlayDenoCase, httpPlayNodeCase } from './cases/http-play.ts';
import { httpTriadChainNodeCase } from './cases/http-triad-chain-node.ts';
import { leagueReadsAtScaleCase } from './cases/league-reads-at-scale.ts';
import { leagueSubmitVsMinimalCase } from './cases/league-submit-vs-minimal.ts';
import { leagueSubmitsCase } from './cases/league-submits.ts';
import { leagueClusterSubmitsCase } from './cases/league-cluster-submits.ts';
import { packetRunScoringCase } from './cases/packet-run-scoring.ts';
import { slowStreamsCase } from './cases/slow-streams.ts';
import { startUpCase } from './cases/start-up.ts';
import { stateForgeAuditCase } from './cases/state-forge-audit.ts';
import { streamsAtScaleCase } from './cases/streams-at-scale.ts';
import { tokensCase } from './cases/tokens.ts';
import { triadDuelRevealCase } from './cases/triad-duel-reveal.ts';
import { startContentionMeter } from './contention.ts';
import { describeMachine } from './machine.ts';
import { targetLines } from './targets.ts';
import { resultsMarkdown, textMachine, textTable, type CaseResult } from './report.ts';

/**
 * `npm run bench [-- <filter>...] [-- --write]`: runs every case, or those whose name contains
 * a filter, and prints their tables; `--write` also rewrites bench/RESULTS.md.
 * A new case is one file in bench/cases/ and one line here.
 */
const CASES: readonly BenchCase[] = [
  packetRunScoringCase,
  tokensCase,
  credentialScanCase,
  triadDuelRevealCase,
  stateForgeAuditCase,
  startUpCase,
  httpPlayNodeCase,
  httpPlayBunCase,
  httpPlayDenoCase,
  httpTriadChainNodeCase,
  httpForgePlayNodeCase,
  leagueSubmitsCase,
  leagueSubmitVsMinimalCase,
  leagueClusterSubmitsCase,
  leagueReadsAtScaleCase,
  exportAtScaleCase,
  exportReplayedCase,
  eventDeliveryCase,
  streamsAtScaleCase,
  slowStreamsCase,
  busyDayCase,
];

const RESULTS_FILE = new URL('./RESULTS.md', import.meta.url);
/** Written by hand: where the time goes, from the latest CPU profiles; included in RESULTS.md. */
const FINDINGS_FILE = new URL('./FINDINGS.md', import.meta.url);

const args = process.argv.slice(2);
const write = args.includes('--write');
const unknownFlags = args.filter((arg) => arg.startsWith('-') && arg !== '--write');
const filters = args.filter((arg) => !arg.startsWith('-'));
const selected = CASES.filter((bench) => filters.length === 0 || filters.some((filter) => bench.name.includes(filter)));

if (unknownFlags.length > 0) fail(`unknown option ${unknownFlags.join(', ')}; the only option is --write`);
if (selected.length === 0) fail(`no case matches ${filters.join(', ')}; the cases are ${CASES.map((bench) => bench.name).join(', ')}`);
// RESULTS.md describes one complete run; a partial one would mix figures from different runs.
if (write && selected.length !== CASES.length) fail('--write rewrites RESULTS.md for the whole suite; run it without a filter');

const machine = await describeMachine();
console.log(`${textMachine(machine)}\n`);

const results: CaseResult[] = [];
let failed = false;
for (const bench of selected) {
  console.error(`running ${bench.name}...`);
  const start = performance.now();
  const contention = startContentionMeter();
  try {
    const rows = await bench.run();
    const result = { bench, rows, seconds: (performance.now() - start) / 1000, otherCpu: contention() };
    results.push(result);
    console.log(`${textTable(result)}\n`);
  } catch (error) {
    failed = true;
    console.error(`${bench.name} failed:`, error);
  }
}

const targets = targetLines(results).filter(([, , now]) => now !== 'not in this run');
if (targets.length > 0)
  console.log(`targets:\n${targets.map(([what, before, now, goal, met]) => `  ${what}: ${before} -> ${now} (goal ${goal}${met ? `; met: ${met}` : ''})`).join('\n')}\n`);

if (failed) {
  process.exitCode = 1;
  if (write) console.error('RESULTS.md was left as it was because a case failed');
} else if (write) {
  const findings = await readFile(FINDINGS_FILE, 'utf8').catch(() => undefined);
  await writeFile(RESULTS_FILE, resultsMarkdown(machine, results, findings));
  console.log(`wrote ${RESULTS_FILE.pathname}`);
}

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}
