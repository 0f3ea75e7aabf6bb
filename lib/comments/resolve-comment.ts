import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { commentOf, commentSelect, commentView, filmIdOf } from './comment-store';

/** Resolves a comment (or opens it again): anyone who may comment may, as in a shared document. */
export async function resolveComment({ slug, id, resolved, actor }: { slug: string; id: string; resolved: boolean; actor: Actor }) {
  assertCan(actor, 'comment.write');
  const film = await filmIdOf(slug);
  await commentOf(film.id, id);
  const row = await db().filmComment.update({
    where: { id },
    data: resolved ? { resolvedAt: new Date(), resolvedById: actor.userId || null } : { resolvedAt: null, resolvedById: null },
    select: commentSelect,
  });
  return commentView(row);
}
