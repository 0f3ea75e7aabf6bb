import 'server-only';
import { db } from '../db';
import { NotFoundError } from '../errors';

export const commentSelect = {
  id: true,
  revisionNumber: true,
  itemKey: true,
  body: true,
  createdAt: true,
  resolvedAt: true,
  authorId: true,
  author: { select: { email: true } },
  resolvedBy: { select: { email: true } },
} as const;

type CommentRow = {
  id: string;
  revisionNumber: number;
  itemKey: string;
  body: string;
  createdAt: Date;
  resolvedAt: Date | null;
  author: { email: string } | null;
  resolvedBy: { email: string } | null;
};

export type FilmCommentView = ReturnType<typeof commentView>;

export function commentView(row: CommentRow) {
  return {
    id: row.id,
    revision: row.revisionNumber,
    itemKey: row.itemKey,
    body: row.body,
    author: row.author?.email ?? null,
    createdAt: row.createdAt.toISOString(),
    resolved: row.resolvedAt !== null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy?.email ?? null,
  };
}

export async function filmIdOf(slug: string) {
  const film = await db().film.findUnique({ where: { slug }, select: { id: true, slug: true, latestRevision: true } });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  return film;
}

/** A comment of this film (a comment id under another film's address is a 404, not a leak). */
export async function commentOf(filmId: string, id: string) {
  const row = await db().filmComment.findFirst({ where: { id, filmId }, select: { ...commentSelect } });
  if (!row) throw new NotFoundError('No such comment');
  return row;
}
