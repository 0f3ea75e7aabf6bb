import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { ValidationError } from '../errors';
import { commentSelect, commentView, filmIdOf } from './comment-store';

/** An editorial comment on a revision (the latest by default) or on one item of the page. */
export async function addComment({
  slug,
  body,
  itemKey = '',
  revision,
  actor,
}: {
  slug: string;
  body: string;
  itemKey?: string;
  revision?: number;
  actor: Actor;
}) {
  assertCan(actor, 'comment.write');
  const text = body.trim();
  if (!text) throw ValidationError.field('body', 'Write a comment');
  const film = await filmIdOf(slug);
  const number = revision ?? film.latestRevision;
  const exists = await db().revision.findUnique({ where: { filmId_number: { filmId: film.id, number } }, select: { id: true } });
  if (!exists) throw ValidationError.field('revision', `Film has no revision ${number}`);
  const row = await db().filmComment.create({
    data: { filmId: film.id, revisionNumber: number, itemKey, body: text, authorId: actor.userId || null },
    select: commentSelect,
  });
  return commentView(row);
}
