/** The parts of parse-prometheus-text-format (which ships no types) the tests use. */
declare module 'parse-prometheus-text-format' {
  export interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: unknown[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
