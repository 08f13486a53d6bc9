import type { Rate } from './measure.ts';
import { median, relativeSpread } from './stats.ts';

/**
 * One benchmark case. Cases only report figures; performance targets are judged by people
 * reading RESULTS.md, never asserted here or in timed tests.
 */
export interface BenchCase {
  /** Kebab-case name; `npm run bench -- <part of a name>` runs only the matching cases. */
  name: string;
  /** Markdown for RESULTS.md: what the case measures and how. */
  about: string;
  run(): Promise<Row[]>;
}

/** One measured figure, optionally compared with a baseline measured in the same run. */
export interface Row {
  label: string;
  value: number;
  unit: string;
  /** Half the interquartile range of the samples behind `value`, relative to it (0.03 means ±3%). */
  spread?: number;
  /** The samples behind `value`, in the order they were taken. */
  samples?: readonly number[];
  /** What `value` is compared with; always in the same unit. */
  baseline?: { label: string; value: number };
  /** `value / baseline.value`, or the median of paired sample ratios (see `compared`). */
  ratio?: number;
  note?: string;
}

/** A row of the median of one figure over several runs, with its spread and the runs' values. */
export function medianRow(label: string, unit: string, values: readonly number[], note?: string): Row {
  const value = median(values);
  return { label, value, unit, spread: relativeSpread(values, value), samples: values, ...(note === undefined ? {} : { note }) };
}

/** A row from a measured rate. */
export function rateRow(label: string, unit: string, rate: Rate, note?: string): Row {
  return { label, value: rate.perSecond, unit, spread: rate.spread, samples: rate.samples, ...(note === undefined ? {} : { note }) };
}

/**
 * `row` with `baseline` attached, and their ratio. When both were sampled in turn (as many
 * samples, taken alternately), the ratio is the median of the ratios of paired samples: a
 * slow spell of the machine then slows both figures of a pair and cancels out.
 */
export function compared(row: Row, baseline: Row): Row {
  if (row.unit !== baseline.unit) throw new TypeError(`cannot compare ${row.unit} with ${baseline.unit}`);
  const ours = row.samples;
  const theirs = baseline.samples;
  const paired = ours !== undefined && theirs !== undefined && ours.length === theirs.length && ours.length > 0;
  const ratio = paired ? median(ours.map((value, i) => value / theirs[i]!)) : row.value / baseline.value;
  return { ...row, baseline: { label: baseline.label, value: baseline.value }, ratio };
}
