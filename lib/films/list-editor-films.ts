import 'server-only';
import { db } from '../db';
import { Prisma } from '../generated/prisma/client';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import type { FilmStatus, FilmStatusInfo } from './film-status';

/** Films per page of the editor's list (and of the editorial API's list). */
export const FILM_LIST_PAGE_SIZE = 50;

export type FilmListFilter = { q?: string; status?: FilmStatus };
export type FilmListPage = {
  films: FilmStatusInfo[];
  /** 1-based; a page past the end is empty, not an error (the list may have shrunk meanwhile). */
  page: number;
  pageSize: number;
  /** Films matching `q`, per status and in all, so the filter buttons can show their counts. */
  counts: Record<FilmStatus | 'all', number>;
};

/*
 * One statement per list or status: each film with its latest revision (time, author, hash) and its
 * status, derived here and nowhere else. Published content equal to the latest revision's (same
 * hash) counts as up to date, even when a newer revision number exists (e.g. a restore that brought
 * back the published text). Filtering, counting and paging happen in PostgreSQL, so the editor's
 * list costs the same with 10 films or 10,000.
 */
const FILM_ROWS = Prisma.sql`
  SELECT f.id AS "filmId", f.slug, f.title, latest.number AS "latestRevision", published.number AS "publishedRevision",
         latest."createdAt" AS "updatedAt", author.email AS "updatedBy",
         CASE WHEN published.id IS NULL THEN 'draft'
              WHEN published.number = latest.number OR published."contentHash" = latest."contentHash" THEN 'published'
              ELSE 'changed' END AS status
  FROM "Film" f
  JOIN "Revision" latest ON latest."filmId" = f.id AND latest.number = f."latestRevision"
  LEFT JOIN "Revision" published ON published.id = f."publishedRevisionId"
  LEFT JOIN "User" author ON author.id = latest."authorId"`;

// The page's next pending scheduled job (lib/schedule; a translation's is its own), joined to the rows of a page.
const NEXT_JOB = Prisma.sql`
  LEFT JOIN LATERAL (
    SELECT j.kind::text AS "scheduledKind", j."runAt" AS "scheduledAt", j."revisionNumber" AS "scheduledRevision"
    FROM "ScheduledJob" j WHERE j."filmId" = film."filmId" AND j.locale IS NULL AND j.state IN ('scheduled', 'running')
    ORDER BY j."nextAttemptAt" LIMIT 1) job ON true`;

type FilmRow = Omit<FilmStatusInfo, 'updatedAt' | 'scheduled'> & {
  updatedAt: Date;
  scheduledKind?: 'publish' | 'unpublish' | null;
  scheduledAt?: Date | null;
  scheduledRevision?: number | null;
};
const toInfo = ({ updatedAt, scheduledKind, scheduledAt, scheduledRevision, ...row }: FilmRow): FilmStatusInfo => ({
  ...row,
  updatedAt: updatedAt.toISOString(),
  scheduled:
    scheduledKind && scheduledAt ? { kind: scheduledKind, runAt: scheduledAt.toISOString(), revision: scheduledRevision ?? null } : null,
});

/** Part of the title (any case) or of the slug; no LIKE patterns, so `%` and `_` match themselves. */
const matching = (q: string | undefined) =>
  q ? Prisma.sql`WHERE strpos(lower(f.title), lower(${q})) > 0 OR strpos(f.slug, lower(${q})) > 0` : Prisma.empty;

/** The orders of the editor's list: most recently edited first, or by title. */
const FILM_ORDER = {
  updated: Prisma.sql`ORDER BY "updatedAt" DESC, title, "filmId"`,
  title: Prisma.sql`ORDER BY lower(title), title, "filmId"`,
} as const;

/** One page of the editor's films, most recently edited first (or by title), filtered by text and status in SQL. */
export async function listFilms({
  actor,
  q,
  status,
  page = 1,
  pageSize = FILM_LIST_PAGE_SIZE,
  sort = 'updated',
}: { actor: Actor; page?: number; pageSize?: number; sort?: keyof typeof FILM_ORDER } & FilmListFilter): Promise<FilmListPage> {
  assertCan(actor, 'film.read');
  const text = q?.trim() || undefined;
  const pageNumber = Number.isInteger(page) && page >= 1 ? page : 1;
  const byStatus = status ? Prisma.sql`WHERE status = ${status}` : Prisma.empty;
  const [rows, countRows] = await Promise.all([
    db().$queryRaw<FilmRow[]>`
      SELECT * FROM (${FILM_ROWS} ${matching(text)}) film ${NEXT_JOB} ${byStatus}
      ${FILM_ORDER[sort]}
      LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`,
    db().$queryRaw<Array<{ status: FilmStatus; films: number }>>`
      SELECT status, count(*)::int AS films FROM (${FILM_ROWS} ${matching(text)}) film GROUP BY status`,
  ]);
  const counts: FilmListPage['counts'] = { all: 0, draft: 0, published: 0, changed: 0 };
  for (const row of countRows) {
    counts[row.status] = row.films;
    counts.all += row.films;
  }
  return { films: rows.map(toInfo), page: pageNumber, pageSize, counts };
}

/** One film's status, for the editor's status badge (polled, so it notices others' saves). */
export async function getFilmStatus({ filmId, actor }: { filmId: string; actor: Actor }): Promise<FilmStatusInfo> {
  assertCan(actor, 'film.read');
  const [row] = await db().$queryRaw<FilmRow[]>`SELECT * FROM (${FILM_ROWS} WHERE f.id = ${filmId}) film ${NEXT_JOB}`;
  if (!row) throw new NotFoundError('No such film');
  return toInfo(row);
}
