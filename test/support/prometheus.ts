import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export interface HistogramSeries {
  buckets: Record<string, number>;
  count: number;
  sum: number;
}

/**
 * A scrape read by parse-prometheus-text-format (the prom2json-compatible parser), which
 * throws on any line that is not valid text exposition. It reads a histogram only as one series
 * without labels, so a histogram series is read by parsing that series' lines alone, with the
 * labels that select it taken off.
 */
export function readScrape(text: string) {
  const families = parsePrometheusTextFormat(text);
  const family = (name: string) => families.find((found) => found.name === name);
  return {
    type: (name: string) => family(name)?.type,
    samples(name: string): Sample[] {
      return (family(name)?.metrics ?? []).map((metric) => ({
        labels: { ...(metric as { labels?: Record<string, string> }).labels },
        value: Number((metric as { value: string }).value),
      }));
    },
    /** The count of the series whose labels include `labels`, or 0 when there is none yet. */
    value(name: string, labels: Record<string, string>): number {
      return this.samples(name).find((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value ?? 0;
    },
    histogram(name: string, labels: Record<string, string>): HistogramSeries | undefined {
      const selector = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
      const lines = text
        .split('\n')
        .filter((line) => line.startsWith(`${name}_`) && selector.every((pair) => line.includes(pair)))
        .map((line) => line.replace(/\{[^}]*\}/, (all) => (/le="[^"]*"/.exec(all)?.[0] ?? '').replace(/^(.+)$/, '{$1}')));
      if (lines.length === 0) return undefined;
      const [series] = parsePrometheusTextFormat(`# TYPE ${name} histogram\n${lines.join('\n')}\n`);
      const parsed = series?.metrics[0] as { buckets: Record<string, string>; count: string; sum: string };
      return { buckets: Object.fromEntries(Object.entries(parsed.buckets).map(([bound, count]) => [bound, Number(count)])), count: Number(parsed.count), sum: Number(parsed.sum) };
    },
  };
}
