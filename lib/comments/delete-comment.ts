import 'server-only';
import { db } from '../db';
import { assertCan, can, type Actor } from '../auth/permissions';
import { ForbiddenError } from '../errors';
import { commentOf, filmIdOf } from './comment-store';

/** Deletes a comment: its author may, and so may a reviewer (to clear the thread). */
export async function deleteComment({ slug, id, actor }: { slug: string; id: string; actor: Actor }) {
  assertCan(actor, 'comment.write');
  const film = await filmIdOf(slug);
  const comment = await commentOf(film.id, id);
  if (comment.authorId !== actor.userId && !can(actor, 'review.decide'))
    throw new ForbiddenError('Only its author or a reviewer can delete a comment');
  await db().filmComment.delete({ where: { id } });
  return { id };
}
