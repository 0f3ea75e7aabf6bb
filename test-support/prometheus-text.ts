/**
 * Prometheus's text format, parsed by a real parser (parse-prometheus-text-format), for tests that
 * scrape /metrics.
 */
// @ts-expect-error the package ships no types; its shape is described below.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export type Sample = { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string; sum?: string };
export type Family = { name: string; help: string; type: string; metrics: Sample[] };

export function parsePrometheus(text: string): Map<string, Family> {
  const families = (parsePrometheusTextFormat as (text: string) => Family[])(text);
  return new Map(families.map((family) => [family.name, family]));
}

/** The value of the sample of `name` whose labels include `labels` (0 when there is none). */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const sample = families
    .get(name)
    ?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  return Number(sample?.value ?? sample?.count ?? 0);
}
