import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { diffFilm } from './diff';
import { readContents } from './revision-store';
import type { RevisionSource } from '../generated/prisma/enums';

export type HistoryEntry = {
  number: number;
  author: string | null;
  createdAt: string;
  message: string;
  source: RevisionSource;
  restoredFrom: number | null;
  published: boolean;
  latest: boolean;
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
export async function listHistory({ slug, actor, before, limit = HISTORY_PAGE_SIZE }: { slug: string; actor: Actor; before?: number; limit?: number }): Promise<FilmHistory> {
  assertCan(actor, 'film.read');
  const film = await db().film.findUnique({
    where: { slug },
    select: { id: true, slug: true, title: true, latestRevision: true, publishedRevision: { select: { number: true } } },
  });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  // One extra row: the revision before the oldest shown, to summarise it.
  const rows = await db().revision.findMany({
    where: { filmId: film.id, ...(before ? { number: { lt: before } } : {}) },
    orderBy: { number: 'desc' },
    take: limit + 1,
    select: { number: true, parts: true, message: true, source: true, restoredFrom: true, createdAt: true, author: { select: { email: true } } },
  });
  const total = await db().revision.count({ where: { filmId: film.id } });
  const contents = await readContents(db(), film.id, rows.map((r) => r.parts));
  const shown = rows.slice(0, limit);

  const revisions = shown.map((row, i): HistoryEntry => {
    const previous = rows[i + 1];
    const diff = previous ? diffFilm(contents[i + 1], contents[i]) : null;
    return {
      number: row.number,
      author: row.author?.email ?? null,
      createdAt: row.createdAt.toISOString(),
      message: row.message,
      source: row.source,
      restoredFrom: row.restoredFrom,
      published: row.number === film.publishedRevision?.number,
      latest: row.number === film.latestRevision,
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
