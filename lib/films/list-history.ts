import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { diffFilm } from './diff';
import { readContents } from './revision-store';
import { describeRevision, filmForHistory, revisionInfoSelect, type RevisionInfo } from './revision-info';

export type HistoryEntry = RevisionInfo & {
  /** The revision this one is compared with: the one before it (numbers can have gaps after pruning). */
  previous: number | null;
  /** "premise edited, 2 events added, …", or "first revision". */
  summary: string;
  /** How many of its changes make spoilers more visible. */
  spoilerFlags: number;
};

export type FilmHistory = {
  slug: string;
  title: string;
  latestRevision: number;
  publishedRevision: number | null;
  /** Every revision number, newest first: for "compare any two" pickers. */
  total: number;
  revisions: HistoryEntry[];
  /** The number to pass as `before` for the next (older) page, or null on the last page. */
  olderThan: number | null;
};

export const HISTORY_PAGE_SIZE = 50;

/**
 * A film's history, newest first, a page at a time: who saved each revision, when, why (message)
 * and what changed against the revision before it, in one line.
 */
export async function listHistory({
  slug,
  actor,
  before,
  limit = HISTORY_PAGE_SIZE,
}: {
  slug: string;
  actor: Actor;
  before?: number;
  limit?: number;
}): Promise<FilmHistory> {
  assertCan(actor, 'film.read');
  const film = await filmForHistory(slug);
  // One extra row: the revision before the oldest shown, to summarise it.
  const rows = await db().revision.findMany({
    where: { filmId: film.id, ...(before ? { number: { lt: before } } : {}) },
    orderBy: { number: 'desc' },
    take: limit + 1,
    select: revisionInfoSelect,
  });
  const total = await db().revision.count({ where: { filmId: film.id } });
  const contents = await readContents(
    db(),
    film.id,
    rows.map((r) => r.parts),
  );
  const shown = rows.slice(0, limit);

  const revisions = shown.map((row, i): HistoryEntry => {
    const previous = rows[i + 1];
    const diff = previous ? diffFilm(contents[i + 1], contents[i]) : null;
    return {
      ...describeRevision(row, film),
      previous: previous?.number ?? null,
      summary: diff ? diff.summary : row.source === 'IMPORT' ? 'first revision (imported)' : 'first revision',
      spoilerFlags: diff?.flags.length ?? 0,
    };
  });
  return {
    slug: film.slug,
    title: film.title,
    latestRevision: film.latestRevision,
    publishedRevision: film.publishedRevision?.number ?? null,
    total,
    revisions,
    olderThan: rows.length > limit ? shown[shown.length - 1].number : null,
  };
}
