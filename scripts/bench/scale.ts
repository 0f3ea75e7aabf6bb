/**
 * The scale group of `npm run bench`: the same reader and editor paths at several catalogue sizes.
 * Each size runs scripts/bench/scale-run.ts in a child process on a fresh database of its own
 * (seeded with seed:bulk's generated films, dropped afterwards). Every row is a ratio against a
 * baseline measured in the same run: each path against `SELECT 1` at that size, and that ratio
 * across sizes (the uncached film page at N against the smallest size, search p95 at N against 100).
 */
import fs from 'node:fs';
import path from 'node:path';
import { migrate, run, tsxArgs } from '../lib/build.mjs';
import { createFreshDatabase, dropDatabase, randomDatabaseName } from '../lib/database.mjs';
import { formatRatio, ms, ratio, table } from './stats';
import type { ScaleRun } from './scale-run';
import { runSearchInterleaved, type SearchInterleaved } from './search-interleaved';

export const DEFAULT_SCALE_SIZES = [10, 100, 1_000, 10_000];

export type ScaleResult = { sizes: number[]; runs: ScaleRun[]; searchInterleaved?: SearchInterleaved[] };

/** The catalogue the search at other sizes is compared with, in turn (search p95 at 10k ÷ at 100). */
const SEARCH_REFERENCE_FILMS = 100;

export async function runScale({
  adminUrl,
  sizes,
  iterations,
  resultsDir,
}: {
  adminUrl: string;
  sizes: number[];
  iterations: number;
  resultsDir: string;
}): Promise<ScaleResult> {
  const runs: ScaleRun[] = [];
  const searchInterleaved: SearchInterleaved[] = [];
  // The reference catalogue's database stays until the end, for the interleaved search comparison.
  const referenceFilms = sizes.includes(SEARCH_REFERENCE_FILMS) ? SEARCH_REFERENCE_FILMS : sizes[0];
  let reference: { name: string; url: string } | null = null;
  try {
    for (const films of sizes) {
      const name = randomDatabaseName('bench_scale');
      const url = await createFreshDatabase(adminUrl, name);
      try {
        await migrate(url, { quiet: true });
        const out = path.join(resultsDir, `scale-${films}.json`);
        fs.rmSync(out, { force: true });
        console.log(`> scale: ${films.toLocaleString('en')} films (seeding, then ${iterations} calls per path)`);
        const code = await run(
          process.execPath,
          [...tsxArgs('scripts/bench/scale-run.ts'), '--films', String(films), '--iterations', String(iterations), '--json', out],
          {
            env: { DATABASE_URL: url, LOG_LEVEL: 'warn', SITE_LOCALES: 'en,fr' },
          },
        );
        if (code !== 0) throw new Error(`scripts/bench/scale-run.ts --films ${films} failed (exit code ${code})`);
        runs.push(JSON.parse(fs.readFileSync(out, 'utf8')) as ScaleRun);
        fs.rmSync(out, { force: true });
        if (films === referenceFilms) reference = { name, url };
        else if (reference) {
          console.log(
            `> scale: search at ${films.toLocaleString('en')} films and at ${referenceFilms} films, in turn (${iterations} calls each)`,
          );
          searchInterleaved.push(await runSearchInterleaved({ referenceUrl: reference.url, url, referenceFilms, films, iterations }));
        }
      } finally {
        if (reference?.name !== name) await dropDatabase(adminUrl, name);
      }
    }
  } finally {
    if (reference) await dropDatabase(adminUrl, reference.name);
  }
  return { sizes, runs, searchInterleaved };
}

/**
 * The scale ratios, also what docs/benchmarks.md's chart shows. Each size ran minutes
 * apart on a shared machine, so a path at size N is first taken against SELECT 1 measured at the
 * same time, and that is compared across sizes: (path ÷ SELECT 1 at N) ÷ (path ÷ SELECT 1 at the
 * reference size). Load that slows everything alike cancels out; growth with the catalogue stays.
 */
export function scaleRatios(result: ScaleResult) {
  const smallest = result.runs[0];
  const searchBase = result.runs.find((r) => r.films === 100) ?? smallest;
  const relative = (r: ScaleRun, index: number, stat: 'p50' | 'p95') => ratio(r.ops[index][stat], r.ops[0].p50);
  const growth = (r: ScaleRun, reference: ScaleRun, index: number, stat: 'p50' | 'p95') =>
    ratio(relative(r, index, stat), relative(reference, index, stat));
  return result.runs.map((r) => ({
    films: r.films,
    filmPageP50VsSmallest: growth(r, smallest, 1, 'p50'),
    searchP95VsHundred: growth(r, searchBase, 2, 'p95'),
    searchP95Interleaved:
      r.films === searchBase.films ? 1 : (result.searchInterleaved?.find((x) => x.films === r.films)?.ratioP95 ?? Number.NaN),
    homeP50VsSmallest: growth(r, smallest, 3, 'p50'),
    editorListP50VsSmallest: growth(r, smallest, 4, 'p50'),
    prismaVsPgP50: r.prismaVsPg.medianRatioP50,
  }));
}

export function printScale(result: ScaleResult) {
  for (const r of result.runs) {
    console.log(
      table(
        `Scale: ${r.films.toLocaleString('en')} films (seeded in ${r.seedSeconds.toFixed(1)} s${Number.isFinite(r.filmsPerSecond) ? `, ${r.filmsPerSecond.toFixed(0)} films/s` : ''}; ratio: p50 against SELECT 1)`,
        ['path (uncached, in-process)', 'SQL statements', 'p50', 'p95', 'ratio'],
        r.ops.map((o) => [o.name, String(o.statements), ms(o.p50), ms(o.p95), formatRatio(ratio(o.p50, r.ops[0].p50))]),
      ),
    );
    console.log(`\nEXPLAIN ANALYZE of searchPublished('skating', 'full') at ${r.films} films:\n${r.explain}`);
  }
  for (const x of result.searchInterleaved ?? []) {
    console.log(
      table(
        `Search at ${x.films.toLocaleString('en')} films and at ${x.referenceFilms} films, in turn (the search statement through pg, ${x.sized.iterations} calls each; ratio: ${x.films.toLocaleString('en')} ÷ ${x.referenceFilms})`,
        ['query', `p50 at ${x.referenceFilms}`, `p50 at ${x.films.toLocaleString('en')}`, 'ratio'],
        [
          ...x.perQuery.map((q) => [q.query, ms(q.referenceP50), ms(q.sizedP50), formatRatio(ratio(q.sizedP50, q.referenceP50))]),
          ['all queries, p50', ms(x.reference.p50), ms(x.sized.p50), formatRatio(x.ratioP50)],
          ['all queries, p95 (goal ≤ 2 at 10,000)', ms(x.reference.p95), ms(x.sized.p95), formatRatio(x.ratioP95)],
        ],
      ),
    );
  }
  const smallest = result.runs[0]?.films;
  console.log(
    table(
      'Scale ratios: (path ÷ SELECT 1 at N) ÷ (path ÷ SELECT 1 at the reference size), so machine load between sizes cancels out',
      [
        'films',
        `film page p50 ÷ at ${smallest}`,
        'search p95 ÷ at 100',
        'search p95 ÷ at 100, in turn',
        `home list p50 ÷ at ${smallest}`,
        `editor list p50 ÷ at ${smallest}`,
        'Prisma ÷ pg, film page SQL (median of alternating rounds, p50)',
      ],
      scaleRatios(result).map((r) => [
        r.films.toLocaleString('en'),
        formatRatio(r.filmPageP50VsSmallest),
        formatRatio(r.searchP95VsHundred),
        formatRatio(r.searchP95Interleaved),
        formatRatio(r.homeP50VsSmallest),
        formatRatio(r.editorListP50VsSmallest),
        formatRatio(r.prismaVsPgP50),
      ]),
    ),
  );
}
