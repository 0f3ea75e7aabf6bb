/** HTTP group of `npm run bench`: autocannon against the standalone server, plus its memory. */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { formatRatio, ms, ratio, table } from './stats';

export const HTTP_TARGETS = [
  { name: '/api/health (baseline, no database)', path: '/api/health' },
  { name: 'film page HTML (ISR)', path: '/films/kiss-and-cry' },
  { name: 'film JSON API', path: '/api/v1/films/kiss-and-cry?spoilers=none' },
  { name: 'search page', path: '/search?q=skating' },
  // autocannon replaces [<id>] with a new id per request: every search is a new query (rendered and
  // stored, the page cache's miss path), the others repeat one address.
  { name: 'search page, a new query each time', path: '/search?q=skating+[<id>]' },
] as const;

export type HttpRow = {
  name: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  ratioToBaseline: number;
};

export type HttpResult = {
  durationSeconds: number;
  connections: number;
  rows: HttpRow[];
  memory: { rssAfterStartBytes: number; rssAfterLoadBytes: number; peakRssBytes: number; ratio: number };
};

/** VmRSS / VmHWM (peak) of a process, in bytes, from /proc/<pid>/status (Linux). */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/**
 * The CPU time a process has used (user + system), in seconds, from /proc/<pid>/stat (Linux; its
 * clock ticks are USER_HZ, 100 per second on every Linux architecture Node runs on).
 */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses: the fields after it are counted from its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A few sequential requests, each must answer 200: a wrong address fails here, not as a fast 404 row. */
async function checkAndWarm(url: string) {
  for (let i = 0; i < 5; i += 1) {
    const response = await fetch(url, { redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered HTTP ${response.status}, not 200`);
  }
}

export async function runHttp({
  baseUrl,
  pid,
  duration,
  connections = 10,
}: {
  baseUrl: string;
  pid: number;
  duration: number;
  connections?: number;
}): Promise<HttpResult> {
  const rssAfterStart = processMemory(pid).rss;
  const measured: Omit<HttpRow, 'ratioToBaseline'>[] = [];
  for (const target of HTTP_TARGETS) {
    const url = `${baseUrl}${target.path}`;
    await checkAndWarm(url.replace('[<id>]', 'warm'));
    // Warm-up under load (JIT, ISR cache fill, connection pools), not counted.
    const idReplacement = url.includes('[<id>]');
    await autocannon({ url, connections, duration: Math.max(1, Math.round(duration / 5)), idReplacement });
    const result = await autocannon({ url, connections, duration, idReplacement });
    measured.push({
      name: target.name,
      path: target.path,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
  }
  const after = processMemory(pid);
  const baseline = measured[0].requestsPerSecond;
  return {
    durationSeconds: duration,
    connections,
    rows: measured.map((row) => ({ ...row, ratioToBaseline: ratio(row.requestsPerSecond, baseline) })),
    memory: {
      rssAfterStartBytes: rssAfterStart,
      rssAfterLoadBytes: after.rss,
      peakRssBytes: after.peak,
      ratio: ratio(after.rss, rssAfterStart),
    },
  };
}

export function printHttp(result: HttpResult) {
  const rows = result.rows.map((r) => [
    r.name,
    r.requestsPerSecond.toFixed(0),
    ms(r.latencyP50Ms),
    ms(r.latencyP99Ms),
    String(r.requests),
    String(r.non2xx + r.errors),
    formatRatio(r.ratioToBaseline),
  ]);
  console.log(
    table(
      `HTTP: autocannon, ${result.connections} connections, ${result.durationSeconds} s per address (ratio: req/s against /api/health)`,
      ['address', 'req/s', 'p50', 'p99', 'requests', 'non-2xx/errors', 'ratio'],
      rows,
    ),
  );
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const m = result.memory;
  console.log(
    table(
      'Server memory (RSS of the standalone server process)',
      ['when', 'RSS', 'ratio'],
      [
        ['after start (baseline)', mb(m.rssAfterStartBytes), formatRatio(1)],
        ['after the load', mb(m.rssAfterLoadBytes), formatRatio(m.ratio)],
        ['peak (VmHWM)', mb(m.peakRssBytes), formatRatio(ratio(m.peakRssBytes, m.rssAfterStartBytes))],
      ],
    ),
  );
}
