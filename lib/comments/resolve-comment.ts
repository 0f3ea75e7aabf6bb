import 'server-only';
import { db } from '../db';
import { assertCan, can, type Actor } from '../auth/permissions';
import { ForbiddenError } from '../errors';
import { commentOf, commentSelect, commentView, filmIdOf } from './comment-store';

/**
 * Resolves a comment (or opens it again): its author, or a reviewer (editor, admin), like deleting
 * it. A writer cannot close a reviewer's "request changes" note, nor another writer's.
 */
export async function resolveComment({ slug, id, resolved, actor }: { slug: string; id: string; resolved: boolean; actor: Actor }) {
  assertCan(actor, 'comment.write');
  const film = await filmIdOf(slug);
  const comment = await commentOf(film.id, id);
  if (comment.authorId !== actor.userId && !can(actor, 'review.decide'))
    throw new ForbiddenError('Only its author or a reviewer can resolve a comment');
  const row = await db().filmComment.update({
    where: { id },
    data: resolved ? { resolvedAt: new Date(), resolvedById: actor.userId || null } : { resolvedAt: null, resolvedById: null },
    select: commentSelect,
  });
  return commentView(row);
}
