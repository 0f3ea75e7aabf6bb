/**
 * One size of the scale group of `npm run bench` (scripts/bench/scale.ts), in a child process on
 * its own database (lib/env.ts reads DATABASE_URL once per process):
 *
 *   DATABASE_URL=… npx tsx --conditions=react-server scripts/bench/scale-run.ts --films N [--iterations I] [--json FILE]
 *
 * Seeds N generated films (seed:bulk, every 10th with a French translation; films already there
 * are kept), ANALYZEs, then times the
 * uncached reader and editor paths in this process against `SELECT 1`, counts their SQL statements,
 * runs the film page's own SQL through `pg` for the Prisma ÷ pg ratio (alternating rounds,
 * scripts/bench/prisma-vs-pg.ts), and prints EXPLAIN ANALYZE
 * of a search.
 */
import fs from 'node:fs';
import { timeOp, type Timing } from './stats';
import { runPrismaVsPg, type PrismaVsPgResult } from './prisma-vs-pg';
import { SEARCH_QUERIES } from './search-interleaved';

/** One film in this many gets a published French translation. */
const TRANSLATE_EVERY = 10;

export type ScaleOp = { name: string; statements: number } & Timing;
export type ScaleRun = {
  films: number;
  seedSeconds: number;
  filmsPerSecond: number;
  ops: ScaleOp[];
  prismaVsPg: PrismaVsPgResult;
  explain: string;
};

function parseArgs(argv: string[]) {
  const options = { films: 0, iterations: 200, json: '' };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--films') options.films = Number(argv[++i]);
    else if (argv[i] === '--iterations') options.iterations = Number(argv[++i]);
    else if (argv[i] === '--json') options.json = argv[++i];
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  if (!Number.isInteger(options.films) || options.films < 1) throw new Error('--films N (N ≥ 1) is required');
  return options;
}

async function main() {
  const { films, iterations, json } = parseArgs(process.argv.slice(2));
  const { db, disconnectDb } = await import('../../lib/db');
  const { seedBulk } = await import('../seed-bulk/seed-bulk');
  const { getPublishedFilm } = await import('../../lib/reader/get-published-film');
  const { searchPublished, searchSql } = await import('../../lib/reader/search-films');
  const { listFilmPage } = await import('../../lib/reader/list-published-films');
  const { NO_FILTER } = await import('../../lib/reader/film-filter');
  const { listFilms } = await import('../../lib/films/list-editor-films');
  const { sitemapEntries } = await import('../../lib/seo/sitemap');
  const { systemActor } = await import('../../lib/auth/system-actor');
  const { countQueries, disconnectQueryCounter } = await import('../../test-support/count-queries');
  try {
    const seedStarted = performance.now();
    // Every 10th film also in French (SITE_LOCALES=en,fr from scripts/bench/scale.ts): the French list at scale.
    const { created } = await seedBulk({ films, translateEvery: TRANSLATE_EVERY });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await db().$executeRawUnsafe('ANALYZE');

    // Films spread over the whole catalogue, so no single page stays hot in PostgreSQL's buffers.
    const slugs = (await db().$queryRaw<Array<{ slug: string }>>`SELECT slug FROM "PublishedFilm" ORDER BY md5(slug) LIMIT 100`).map(
      (r) => r.slug,
    );
    const actor = systemActor('npm run bench');
    let n = 0;
    const nextSlug = () => slugs[n++ % slugs.length];
    let q = 0;
    const nextQuery = () => SEARCH_QUERIES[q++ % SEARCH_QUERIES.length];
    const paths: Array<[string, () => Promise<unknown>]> = [
      ['SELECT 1 through Prisma (baseline)', () => db().$queryRaw`SELECT 1`],
      ["getPublishedFilm(slug, 'full'), uncached", () => getPublishedFilm(nextSlug(), 'full')],
      [`searchPublished(q, 'full'), ${SEARCH_QUERIES.length} queries in turn`, () => searchPublished(nextQuery(), 'full')],
      ['home page list, page 1 (listFilmPage)', () => listFilmPage(1)],
      ["editor's film list, page 1 (listFilms)", () => listFilms({ actor, page: 1 })],
      ['sitemap films-0 (5,000 addresses)', () => sitemapEntries('films-0')],
      [`French list, page 1 (listFilmPage, fr; every ${TRANSLATE_EVERY}th film translated)`, () => listFilmPage(1, NO_FILTER, 24, 'fr')],
    ];
    const ops: ScaleOp[] = [];
    for (const [name, op] of paths) {
      const statements = (await countQueries(op)).queries.length;
      ops.push({
        name,
        statements,
        ...(await timeOp(op, name.startsWith('sitemap') ? Math.max(10, Math.ceil(iterations / 10)) : iterations)),
      });
    }

    // The film page's SQL as Prisma sends it, sent through pg directly, in alternating rounds: what Prisma adds on top.
    const prismaVsPg = await runPrismaVsPg({ slugs, iterations });

    const plan = await db().$queryRaw<Array<{ 'QUERY PLAN': string }>>`EXPLAIN (ANALYZE, BUFFERS) ${searchSql(SEARCH_QUERIES[0], 'full')}`;
    const result: ScaleRun = {
      films,
      seedSeconds,
      filmsPerSecond: created > 0 ? created / seedSeconds : Number.NaN,
      ops,
      prismaVsPg,
      explain: plan.map((row) => row['QUERY PLAN']).join('\n'),
    };
    if (json) fs.writeFileSync(json, JSON.stringify(result));
    else console.log(JSON.stringify({ ...result, explain: undefined }, null, 2), `\n${result.explain}`);
  } finally {
    await disconnectQueryCounter();
    await disconnectDb();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
