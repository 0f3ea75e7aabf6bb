/**
 * Part of the domain group of `npm run bench`: the film page's Prisma query (getPublishedFilm, the
 * published-film read the reader uses) against the same SQL with the same parameters sent through
 * `pg` directly, in alternating rounds in this process, so both see the same machine load. What
 * the ratio shows is what Prisma adds on top of the driver: building the query (its query
 * compiler, with its plan cache), the driver adapter, and turning the rows into objects.
 */
import pg from 'pg';
import { formatRatio, ms, percentile, ratio, table, timeOp, type Timing } from './stats';

export const PRISMA_VS_PG_ROUNDS = 6;

export type PrismaVsPgRound = { order: 'prisma first' | 'pg first'; prisma: Timing; pg: Timing; ratioP50: number };
export type PrismaVsPgResult = {
  films: string[];
  level: string;
  callsPerRound: number;
  rounds: PrismaVsPgRound[];
  medianRatioP50: number;
  medianRatioMean: number;
};

/**
 * Needs DATABASE_URL (read by lib/env.ts) to name a database where the films are published; calls
 * rotate over `slugs` (the scale group passes films spread over its catalogue).
 */
export async function runPrismaVsPg({ slugs, iterations }: { slugs: string[]; iterations: number }): Promise<PrismaVsPgResult> {
  const { env } = await import('../../lib/env');
  const { getPublishedFilm } = await import('../../lib/reader/get-published-film');
  const { countQueries, disconnectQueryCounter } = await import('../../test-support/count-queries');
  const level = 'full' as const;

  // Each film's statement exactly as Prisma sends it (the driver-level query log), parameters included.
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  for (const slug of slugs) {
    const { result, queries } = await countQueries(() => getPublishedFilm(slug, level));
    if (!result) throw new Error(`${slug} is not published`);
    if (queries.length !== 1) throw new Error(`getPublishedFilm sent ${queries.length} statements, expected 1`);
    statements.push(queries[0]);
  }
  await disconnectQueryCounter();

  // One connection each, as a request sees it: the calls are sequential.
  const pool = new pg.Pool({ connectionString: env().DATABASE_URL, max: 1 });
  try {
    let p = 0;
    const viaPrisma = () => getPublishedFilm(slugs[p++ % slugs.length], level);
    let q = 0;
    const viaPg = () => {
      const { sql, params } = statements[q++ % statements.length];
      return pool.query(sql, params);
    };
    const callsPerRound = Math.max(20, Math.ceil(iterations / PRISMA_VS_PG_ROUNDS));
    // A round of each first, not counted: the first hundred calls of either run JIT-cold.
    await timeOp(viaPrisma, callsPerRound);
    await timeOp(viaPg, callsPerRound);
    const rounds: PrismaVsPgRound[] = [];
    for (let i = 0; i < PRISMA_VS_PG_ROUNDS; i += 1) {
      // Alternate which goes first, so neither always meets a warmer cache or a quieter moment.
      const prismaFirst = i % 2 === 0;
      const first = await timeOp(prismaFirst ? viaPrisma : viaPg, callsPerRound);
      const second = await timeOp(prismaFirst ? viaPg : viaPrisma, callsPerRound);
      const [prisma, viaDriver] = prismaFirst ? [first, second] : [second, first];
      rounds.push({ order: prismaFirst ? 'prisma first' : 'pg first', prisma, pg: viaDriver, ratioP50: ratio(prisma.p50, viaDriver.p50) });
    }
    return {
      films: slugs,
      level,
      callsPerRound,
      rounds,
      medianRatioP50: percentile(
        rounds.map((r) => r.ratioP50),
        50,
      ),
      medianRatioMean: percentile(
        rounds.map((r) => ratio(r.prisma.mean, r.pg.mean)),
        50,
      ),
    };
  } finally {
    await pool.end();
  }
}

export function printPrismaVsPg(result: PrismaVsPgResult) {
  console.log(
    table(
      `Prisma ÷ pg: getPublishedFilm(${result.films.length === 1 ? `'${result.films[0]}'` : `slug of ${result.films.length} films`}, '${result.level}') against its own SQL through pg, ${result.rounds.length} alternating rounds of ${result.callsPerRound} calls (goal ≤ 1.5)`,
      ['round', 'Prisma p50', 'pg p50', 'Prisma mean', 'pg mean', 'ratio (p50)'],
      [
        ...result.rounds.map((r, i) => [
          `${i + 1} (${r.order})`,
          ms(r.prisma.p50),
          ms(r.pg.p50),
          ms(r.prisma.mean),
          ms(r.pg.mean),
          formatRatio(r.ratioP50),
        ]),
        ['median of the rounds', '', '', '', '', formatRatio(result.medianRatioP50)],
        ['median of the rounds, by mean', '', '', '', '', formatRatio(result.medianRatioMean)],
      ],
    ),
  );
}
