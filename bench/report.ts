import type { BenchCase, Row } from './case.ts';
import type { Machine } from './machine.ts';
import { targetLines } from './targets.ts';

/** What one case produced, and how long it took to run. */
export interface CaseResult {
  bench: BenchCase;
  rows: Row[];
  seconds: number;
  /** Share of the machine's CPU other processes used meanwhile; undefined where unknown. */
  otherCpu: number | undefined;
}

const HEADINGS = ['what', 'measured', '±', 'baseline', 'baseline figure', 'ratio', 'note'];
/** Columns holding numbers, right-aligned so their digits line up. */
const NUMERIC = new Set([1, 2, 4, 5]);

/** A case's rows as an aligned plain-text table for the terminal. */
export function textTable(result: CaseResult): string {
  const lines = [HEADINGS, ...result.rows.map(cells)];
  const widths = HEADINGS.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const render = (line: string[]) =>
    line
      .map((cell, column) => (NUMERIC.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const heading = `${result.bench.name} (${result.seconds.toFixed(1)} s; ${describeContention(result.otherCpu)})`;
  return [heading, ...lines.map((line) => `  ${render(line)}`)].join('\n');
}

/** The machine as `key: value` lines for the terminal. */
export function textMachine(machine: Machine): string {
  return machineEntries(machine)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');
}

/**
 * The whole of RESULTS.md; `findings` (bench/FINDINGS.md, written by hand) follows the targets'
 * table: where the time goes now, and what remains between the arena and its baselines.
 */
export function resultsMarkdown(machine: Machine, results: readonly CaseResult[], findings?: string): string {
  const sections = results.map((result) =>
    [
      `## ${result.bench.name}`,
      result.bench.about.trim(),
      `Measured in ${result.seconds.toFixed(1)} s; ${describeContention(result.otherCpu)}.`,
      markdownTable(HEADINGS.map(capitalise), result.rows.map(cells), NUMERIC),
    ].join('\n\n'),
  );
  return `${[
    '# Benchmark results',
    [
      'Written by `npm run bench -- --write` (`bench/run.ts`); run `npm run bench` to measure again, or',
      '`npm run bench -- <name>` for one case. In-process rates are the median of many short samples',
      'after a warm-up; ± is half the interquartile range of those samples relative to the figure, so a',
      'difference smaller than the ± of both figures is noise. A ratio is measured ÷ baseline, both',
      'measured in the same run on the same machine, and sampled in turn: it is the median of the ratios',
      'of neighbouring samples, so a slow spell of a shared machine cancels out. Ratios travel between',
      'machines better than absolute figures do. Each case also says how much CPU other processes',
      'used while it ran: the machine is shared, and a busy one gives low figures. The bench only',
      'reports: no figure here is asserted.',
    ].join('\n'),
    '## Machine',
    markdownTable(['Item', 'Value'], machineEntries(machine), new Set()),
    '## Targets',
    ['Each performance target with its figure when it was set (issue 13) and in this run, read from', 'the cases below.'].join('\n'),
    markdownTable(['Target', 'Before', 'This run', 'Goal', 'Met'], targetLines(results), new Set()),
    ...(findings === undefined ? [] : [findings.trim()]),
    ...sections,
  ].join('\n\n')}\n`;
}

function describeContention(otherCpu: number | undefined): string {
  return otherCpu === undefined ? 'CPU use by other processes unknown' : `other processes used ${(otherCpu * 100).toFixed(0)}% of the machine's CPU meanwhile`;
}

function cells(row: Row): string[] {
  return [
    row.label,
    formatFigure(row.value, row.unit),
    row.spread === undefined ? '' : `±${(row.spread * 100).toFixed(1)}%`,
    row.baseline?.label ?? '',
    row.baseline ? formatFigure(row.baseline.value, row.unit) : '',
    row.ratio === undefined ? '' : formatRatio(row.ratio),
    row.note ?? '',
  ];
}

function machineEntries(machine: Machine): [string, string][] {
  return [
    ['CPU', `${machine.cpu} (${machine.cores} cores)`],
    ['Memory', machine.memory],
    ['OS', machine.os],
    ['Node', machine.node],
    ['Bun', machine.bun],
    ['Deno', machine.deno],
    ['tsx', machine.tsx],
    ['autocannon', machine.autocannon],
    ['Date', machine.date],
  ];
}

/** Three significant figures, thousands separated: more digits would be noise. */
export function formatFigure(value: number, unit: string): string {
  return `${value.toLocaleString('en-US', { maximumSignificantDigits: 3 })} ${unit}`;
}

function formatRatio(ratio: number): string {
  // Two decimals from 1 up (and for what rounds to 1, such as 0.996), two significant digits below.
  const fixed = ratio >= 1 || Number(ratio.toPrecision(2)) >= 1;
  return `${ratio.toLocaleString('en-US', fixed ? { maximumFractionDigits: 2, minimumFractionDigits: 2 } : { maximumSignificantDigits: 2 })}×`;
}

function markdownTable(headings: string[], rows: string[][], rightAligned: ReadonlySet<number>): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  const line = (row: string[]) => `| ${row.map(escape).join(' | ')} |`;
  const rule = `| ${headings.map((_, column) => (rightAligned.has(column) ? '---:' : '---')).join(' | ')} |`;
  return [line(headings), rule, ...rows.map(line)].join('\n');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
