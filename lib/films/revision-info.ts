import 'server-only';
import { db } from '../db';
import { NotFoundError } from '../errors';
import type { RevisionSource } from '../generated/prisma/enums';

/** One revision as the history and the compare screens describe it: who, when, why, its status. */
export type RevisionInfo = {
  number: number;
  author: string | null;
  createdAt: string;
  message: string;
  source: RevisionSource;
  restoredFrom: number | null;
  published: boolean;
  latest: boolean;
};

/** What a revision row needs to be described, plus its content parts. */
export const revisionInfoSelect = {
  number: true,
  parts: true,
  message: true,
  source: true,
  restoredFrom: true,
  createdAt: true,
  author: { select: { email: true } },
} as const;

type FilmStatusRow = { id: string; slug: string; title: string; latestRevision: number; publishedRevision: { number: number } | null };
type RevisionRow = {
  number: number;
  message: string;
  source: RevisionSource;
  restoredFrom: number | null;
  createdAt: Date;
  author: { email: string } | null;
};

/** The film a history or comparison is about, with what tells its latest and published revisions; 404 when missing. */
export async function filmForHistory(slug: string): Promise<FilmStatusRow> {
  const film = await db().film.findUnique({
    where: { slug },
    select: { id: true, slug: true, title: true, latestRevision: true, publishedRevision: { select: { number: true } } },
  });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  return film;
}

export function describeRevision(row: RevisionRow, film: FilmStatusRow): RevisionInfo {
  return {
    number: row.number,
    author: row.author?.email ?? null,
    createdAt: row.createdAt.toISOString(),
    message: row.message,
    source: row.source,
    restoredFrom: row.restoredFrom,
    published: row.number === film.publishedRevision?.number,
    latest: row.number === film.latestRevision,
  };
}
