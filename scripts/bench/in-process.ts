/**
 * Domain and import groups of `npm run bench`: library functions called in this process. The lib/
 * modules are imported inside the functions, after bench.ts has pointed DATABASE_URL at the
 * benchmark database (lib/env.ts reads it once).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatRatio, ms, ratio, table, timeOp, type Timing } from './stats';

export const DEMO_SLUG = 'kiss-and-cry';
const DEMO_PAGE = path.resolve(import.meta.dirname, '..', '..', 'prisma', 'demo', `${DEMO_SLUG}.page.txt`);

export type OpRow = { name: string } & Timing & { ratioToBaseline: number };
export type OpGroup = { iterations: number; rows: OpRow[] };

function withRatios(rows: Array<{ name: string } & Timing>): OpRow[] {
  return rows.map((row) => ({ ...row, ratioToBaseline: ratio(row.mean, rows[0].mean) }));
}

/** Needs the demo film published in the database DATABASE_URL names. */
export async function runDomain(iterations: number): Promise<OpGroup> {
  const { db } = await import('../../lib/db');
  const { getPublishedFilm } = await import('../../lib/reader/get-published-film');
  const { searchPublished } = await import('../../lib/reader/search-films');
  const { getDraft, saveDraft } = await import('../../lib/films');
  const { systemActor } = await import('../../lib/auth/system-actor');
  const { realisticEdit, seededRandom } = await import('./realistic-edits');

  const actor = systemActor('npm run bench');
  const draft = await getDraft({ slug: DEMO_SLUG, actor });
  let revision = draft.revision;
  let content = draft.content;
  const random = seededRandom(20260101);

  const rows: Array<{ name: string } & Timing> = [];
  rows.push({ name: 'SELECT 1 through Prisma (baseline)', ...(await timeOp(() => db().$queryRaw`SELECT 1`, iterations)) });
  rows.push({
    name: `getPublishedFilm('${DEMO_SLUG}', 'full'), uncached`,
    ...(await timeOp(async () => {
      if (!(await getPublishedFilm(DEMO_SLUG, 'full'))) throw new Error(`${DEMO_SLUG} is not published`);
    }, iterations)),
  });
  rows.push({
    name: 'saveDraft of one realistic edit',
    ...(await timeOp(async () => {
      const saved = await saveDraft({ slug: DEMO_SLUG, baseRevision: revision, content: realisticEdit(content, random), actor });
      revision = saved.revision;
      content = saved.content;
    }, iterations)),
  });
  rows.push({
    name: "searchPublished('skating', 'full')",
    ...(await timeOp(async () => {
      if ((await searchPublished('skating', 'full')).length === 0) throw new Error('searching “skating” found nothing');
    }, iterations)),
  });
  return { iterations, rows: withRatios(rows) };
}

export async function runImport(iterations: number): Promise<OpGroup> {
  const { formatPage, parsePage } = await import('../../lib/page-format');
  const text = await readFile(DEMO_PAGE, 'utf8');
  const { content } = parsePage(text);
  return {
    iterations,
    rows: withRatios([
      { name: 'JSON.parse(JSON.stringify(content)) (baseline)', ...(await timeOp(() => JSON.parse(JSON.stringify(content)), iterations)) },
      { name: `parsePage(${DEMO_SLUG}.page.txt)`, ...(await timeOp(() => parsePage(text), iterations)) },
      { name: 'formatPage(content)', ...(await timeOp(() => formatPage(content), iterations)) },
    ]),
  };
}

export function printOps(title: string, group: OpGroup) {
  console.log(
    table(
      `${title}: ${group.iterations} iterations each (ratio: mean against the baseline row)`,
      ['operation', 'mean', 'p50', 'p95', 'ratio'],
      group.rows.map((r) => [r.name, ms(r.mean), ms(r.p50), ms(r.p95), formatRatio(r.ratioToBaseline)]),
    ),
  );
}
