/**
 * Part of the scale group of `npm run bench`: the search statement on a catalogue of N films
 * against the same statement on the reference catalogue (100 films), the two databases queried in
 * turn, call by call, from this process. Sizes measured minutes apart on a shared machine differ by
 * whatever else ran at the time; calls taken in turn see the same load, so their ratio is what the
 * catalogue's size costs. The statement is searchSql, sent through `pg` (what Prisma adds does not
 * depend on the catalogue: see the Prisma ÷ pg rows).
 */
import pg from 'pg';
import { percentile, ratio, type Timing, mean } from './stats';

export const SEARCH_QUERIES = ['skating', 'lighthouse', 'stolen letter', 'Ada Abbott', 'winter', 'violin'];

export type SearchInterleaved = {
  referenceFilms: number;
  films: number;
  reference: Timing;
  sized: Timing;
  ratioP50: number;
  ratioP95: number;
  perQuery: Array<{ query: string; referenceP50: number; sizedP50: number }>;
};

export async function runSearchInterleaved({
  referenceUrl,
  url,
  referenceFilms,
  films,
  iterations,
}: {
  referenceUrl: string;
  url: string;
  referenceFilms: number;
  films: number;
  iterations: number;
}): Promise<SearchInterleaved> {
  const { searchSql } = await import('../../lib/reader/search-films');
  const pools = [new pg.Pool({ connectionString: referenceUrl, max: 1 }), new pg.Pool({ connectionString: url, max: 1 })];
  try {
    const times: number[][] = [[], []];
    const perQuery = SEARCH_QUERIES.map(() => [[], []] as number[][]);
    const warmup = Math.max(SEARCH_QUERIES.length * 2, Math.ceil(iterations / 10));
    for (let i = 0; i < warmup + iterations; i += 1) {
      const q = i % SEARCH_QUERIES.length;
      const statement = searchSql(SEARCH_QUERIES[q], 'full');
      // Alternate which database goes first.
      for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const started = performance.now();
        await pools[which].query(statement.text, statement.values);
        const elapsed = performance.now() - started;
        if (i >= warmup) {
          times[which].push(elapsed);
          perQuery[q][which].push(elapsed);
        }
      }
    }
    const timing = (values: number[]): Timing => ({
      mean: mean(values),
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      iterations: values.length,
    });
    const [reference, sized] = times.map(timing);
    return {
      referenceFilms,
      films,
      reference,
      sized,
      ratioP50: ratio(sized.p50, reference.p50),
      ratioP95: ratio(sized.p95, reference.p95),
      perQuery: SEARCH_QUERIES.map((query, q) => ({
        query,
        referenceP50: percentile(perQuery[q][0], 50),
        sizedP50: percentile(perQuery[q][1], 50),
      })),
    };
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
  }
}
