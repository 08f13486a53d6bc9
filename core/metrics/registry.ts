/**
 * Counters, gauges and histograms kept in memory, written in Prometheus' text exposition
 * format (version 0.0.4). Each metric keeps one series per distinct set of label values.
 */
export type Labels = Readonly<Record<string, string>>;

interface Metric {
  readonly name: string;
  readonly help: string;
  /** Its lines in the exposition: HELP, TYPE, then each series. */
  exposition(): string[];
}

abstract class Series<Value> implements Metric {
  protected readonly series = new Map<string, { labels: Labels; value: Value }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly type: 'counter' | 'gauge' | 'histogram',
  ) {}

  protected entry(labels: Labels, initial: () => Value): { labels: Labels; value: Value } {
    // Joined by a control character, which no label value holds (they are the arena's own
    // names, methods and statuses): cheaper than JSON, and this runs several times a request.
    let key = '';
    for (const name in labels) key += `${name}\u0000${labels[name]}\u0000`;
    let found = this.series.get(key);
    if (!found) this.series.set(key, (found = { labels, value: initial() }));
    return found;
  }

  exposition(): string[] {
    const lines = [`# HELP ${this.name} ${this.help.replaceAll('\\', '\\\\').replaceAll('\n', '\\n')}`, `# TYPE ${this.name} ${this.type}`];
    for (const { labels, value } of this.series.values()) lines.push(...this.samples(labels, value));
    return lines;
  }

  protected abstract samples(labels: Labels, value: Value): string[];
}

export class Counter extends Series<{ count: number }> {
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }
  inc(labels: Labels = {}, by = 1): void {
    this.entry(labels, () => ({ count: 0 })).value.count += by;
  }
  protected samples(labels: Labels, value: { count: number }): string[] {
    return [sample(this.name, labels, value.count)];
  }
}

export class Gauge extends Series<{ level: number }> {
  constructor(name: string, help: string) {
    super(name, help, 'gauge');
  }
  set(labels: Labels, level: number): void {
    this.entry(labels, () => ({ level: 0 })).value.level = level;
  }
  add(labels: Labels, by: number): void {
    this.entry(labels, () => ({ level: 0 })).value.level += by;
  }
  protected samples(labels: Labels, value: { level: number }): string[] {
    return [sample(this.name, labels, value.level)];
  }
}

interface Observations {
  /** Per bucket, the observations at or under its bound (not yet cumulative). */
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram extends Series<Observations> {
  constructor(
    name: string,
    help: string,
    /** Upper bounds in ascending order; `+Inf` is implied. */
    private readonly bounds: readonly number[],
  ) {
    super(name, help, 'histogram');
  }
  observe(labels: Labels, value: number): void {
    const observations = this.entry(labels, () => ({ counts: this.bounds.map(() => 0), sum: 0, count: 0 })).value;
    const bucket = this.bounds.findIndex((bound) => value <= bound);
    if (bucket >= 0) observations.counts[bucket]! += 1;
    observations.sum += value;
    observations.count += 1;
  }
  protected samples(labels: Labels, { counts, sum, count }: Observations): string[] {
    let cumulative = 0;
    const lines = this.bounds.map((bound, index) => {
      cumulative += counts[index]!;
      return sample(`${this.name}_bucket`, { ...labels, le: String(bound) }, cumulative);
    });
    lines.push(sample(`${this.name}_bucket`, { ...labels, le: '+Inf' }, count));
    lines.push(sample(`${this.name}_sum`, labels, sum), sample(`${this.name}_count`, labels, count));
    return lines;
  }
}

/** The whole exposition of `metrics`, in order, ending with a newline. */
export function exposition(metrics: readonly Metric[]): string {
  return `${metrics.flatMap((metric) => metric.exposition()).join('\n')}\n`;
}

function sample(name: string, labels: Labels, value: number): string {
  const pairs = Object.entries(labels).map(([label, text]) => `${label}="${escapeLabel(text)}"`);
  return `${name}${pairs.length > 0 ? `{${pairs.join(',')}}` : ''} ${formatValue(value)}`;
}

function escapeLabel(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  return String(value);
}
