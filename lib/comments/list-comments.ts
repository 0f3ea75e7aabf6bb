import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { commentSelect, commentView, filmIdOf } from './comment-store';

/** A film's editorial comments, oldest first; open ones, resolved ones or all. Editorial only. */
export async function listComments({ slug, state = 'all', actor }: { slug: string; state?: 'open' | 'resolved' | 'all'; actor: Actor }) {
  assertCan(actor, 'film.read');
  const film = await filmIdOf(slug);
  const rows = await db().filmComment.findMany({
    where: { filmId: film.id, ...(state === 'open' ? { resolvedAt: null } : state === 'resolved' ? { resolvedAt: { not: null } } : {}) },
    orderBy: { createdAt: 'asc' },
    select: commentSelect,
  });
  return rows.map(commentView);
}
