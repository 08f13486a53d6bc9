import { median, relativeSpread } from './stats.ts';

/** How long to time operations; the defaults keep a case of four rows near ten seconds. */
export interface MeasureOptions {
  /** Time each operation runs before any sample, so the JIT has optimised it. */
  warmupMs?: number;
  /** Length of one sample. */
  sampleMs?: number;
  /** Samples per operation. */
  samples?: number;
}

/** Operations per second: the median sample, and how far the samples spread around it. */
export interface Rate {
  perSecond: number;
  spread: number;
  /** Every sample, in the order taken: round k of each operation's samples ran back to back. */
  samples: number[];
}

/** Runs `count` operations; made by `syncCalls` or `awaitedCalls`. */
export type Batch = (count: number) => void | Promise<void>;

const DEFAULTS: Required<MeasureOptions> = { warmupMs: 500, sampleMs: 100, samples: 21 };

/** A batch must take at least this long so reading the clock costs nothing measurable. */
const MIN_BATCH_MS = 2;

/** Results land here so the optimiser cannot prove the measured work unused. */
export let sink: unknown;

/** A synchronous operation; it receives a counter to pick its input with. */
export function syncCalls(operation: (i: number) => unknown): Batch {
  let i = 0;
  return (count) => {
    for (let end = i + count; i < end; i++) sink = operation(i);
  };
}

/** An asynchronous operation, awaited one call at a time as a request handler awaits it. */
export function awaitedCalls(operation: (i: number) => Promise<unknown>): Batch {
  let i = 0;
  return async (count) => {
    for (let end = i + count; i < end; i++) sink = await operation(i);
  };
}

/**
 * An asynchronous operation with up to `inFlight` calls outstanding at once, as concurrent
 * requests reach a server; the batch ends when its last call has settled, so no call of one
 * operation's batch runs while another operation is being timed. The first call that throws
 * stops the batch from starting more and fails it.
 */
export function concurrentCalls(operation: (i: number) => Promise<unknown>, inFlight: number): Batch {
  if (!Number.isSafeInteger(inFlight) || inFlight < 1) throw new RangeError(`inFlight must be a positive integer, not ${inFlight}`);
  let i = 0;
  return async (count) => {
    const end = i + count;
    let failed = false;
    const worker = async () => {
      while (!failed && i < end) {
        try {
          sink = await operation(i++);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  };
}

/** How `measureCountedRates` samples: every sample is exactly `count` operations. */
export interface CountedOptions {
  /** Operations per sample. */
  count: number;
  /** Unmeasured rounds first, each `count` operations of every operation. */
  warmups: number;
  samples: number;
}

/**
 * Like `measureRates`, for operations that use up their inputs (a league agent retains only so
 * many attempts a day): every sample is a fixed number of operations rather than a fixed time,
 * so a case knows beforehand how many inputs it needs: `(warmups + samples) × count` of each.
 * Operations are sampled in turn, as in `measureRates`.
 */
export async function measureCountedRates<K extends string>(operations: Record<K, Batch>, options: CountedOptions): Promise<Record<K, Rate>> {
  const { count, warmups, samples } = options;
  const names = Object.keys(operations) as K[];
  const rates = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < warmups + samples; round++) {
    for (const name of names) {
      const start = performance.now();
      await operations[name](count);
      const elapsedMs = performance.now() - start;
      if (round >= warmups) rates.get(name)!.push((count * 1000) / elapsedMs);
    }
  }
  return toRates(names, rates);
}

/**
 * Rates of several operations, sampled in turn (A, B, C, A, B, C, ...) rather than one after
 * the other, so a slow spell of a shared machine hits all of them alike and their ratios hold.
 */
export async function measureRates<K extends string>(operations: Record<K, Batch>, options: MeasureOptions = {}): Promise<Record<K, Rate>> {
  const { warmupMs, sampleMs, samples } = { ...DEFAULTS, ...options };
  const names = Object.keys(operations) as K[];
  const batches = new Map<K, number>();
  for (const name of names) {
    batches.set(name, await calibrate(operations[name]));
    await runFor(operations[name], batches.get(name)!, warmupMs);
  }
  const rates = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let s = 0; s < samples; s++) {
    for (const name of names) {
      const { operations: done, elapsedMs } = await runFor(operations[name], batches.get(name)!, sampleMs);
      rates.get(name)!.push((done * 1000) / elapsedMs);
    }
  }
  return toRates(names, rates);
}

/** Each operation's median sample, with its spread and every sample. */
function toRates<K extends string>(names: readonly K[], rates: ReadonlyMap<K, number[]>): Record<K, Rate> {
  return Object.fromEntries(
    names.map((name) => {
      const samples = rates.get(name)!;
      const perSecond = median(samples);
      return [name, { perSecond, spread: relativeSpread(samples, perSecond), samples }];
    }),
  ) as Record<K, Rate>;
}

/** The smallest power-of-two batch that takes at least MIN_BATCH_MS. */
async function calibrate(batch: Batch): Promise<number> {
  for (let count = 1; ; count *= 2) {
    const start = performance.now();
    await batch(count);
    if (performance.now() - start >= MIN_BATCH_MS || count >= 1 << 24) return count;
  }
}

async function runFor(batch: Batch, count: number, durationMs: number) {
  const start = performance.now();
  let operations = 0;
  let elapsedMs = 0;
  do {
    await batch(count);
    operations += count;
    elapsedMs = performance.now() - start;
  } while (elapsedMs < durationMs);
  return { operations, elapsedMs };
}
