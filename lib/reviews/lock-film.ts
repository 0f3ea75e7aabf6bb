import 'server-only';
import type { Tx } from '../db';
import { NotFoundError } from '../errors';

/**
 * Locks a film's row for the rest of the transaction. Every review change takes this lock first,
 * before any review row, so a submission and a decision on one film run one after another (and
 * never deadlock: publishing the page or a translation takes the same lock first, and saving a
 * translation takes a share of it before its own row: lib/translations/find-translation.ts).
 */
export async function lockFilmForReview(tx: Tx, where: { slug: string } | { id: string }) {
  const rows =
    'slug' in where
      ? await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM "Film" WHERE slug = ${where.slug} FOR UPDATE`
      : await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM "Film" WHERE id = ${where.id} FOR UPDATE`;
  if (rows.length === 0) throw new NotFoundError('No such film');
  return tx.film.findUniqueOrThrow({
    where: { id: rows[0].id },
    select: { id: true, slug: true, latestRevision: true, publishedRevision: { select: { number: true } } },
  });
}

/** The review request, read after its film is locked: its state is current for this transaction. */
export async function lockedReview(tx: Tx, reviewId: string) {
  const review = await tx.reviewRequest.findUnique({ where: { id: reviewId }, select: { filmId: true } });
  if (!review) throw new NotFoundError('No such review request');
  const film = await lockFilmForReview(tx, { id: review.filmId });
  return { film, review: await tx.reviewRequest.findUniqueOrThrow({ where: { id: reviewId } }) };
}
