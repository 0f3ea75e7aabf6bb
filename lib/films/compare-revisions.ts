import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError, ValidationError } from '../errors';
import { diffFilm, type FilmDiff } from './diff';
import { readContents } from './revision-store';
import { describeRevision, filmForHistory, revisionInfoSelect, type RevisionInfo } from './revision-info';

/** Kept as a name of its own: the compare screens and the API schema use it. */
export type ComparedRevision = RevisionInfo;

export type RevisionComparison = { slug: string; title: string; from: ComparedRevision; to: ComparedRevision; diff: FilmDiff };

const isRevisionNumber = (n: number) => Number.isInteger(n) && n >= 1;

/**
 * What changed from revision `from` to revision `to` (any two, in either order): field by field,
 * list items matched by id, long text word by word, with spoiler exposures flagged.
 */
export async function compareRevisions({
  slug,
  from,
  to,
  actor,
}: {
  slug: string;
  from: number;
  to: number;
  actor: Actor;
}): Promise<RevisionComparison> {
  assertCan(actor, 'film.read');
  if (!isRevisionNumber(from)) throw ValidationError.field('from', 'Must be a revision number');
  if (!isRevisionNumber(to)) throw ValidationError.field('to', 'Must be a revision number');
  const film = await filmForHistory(slug);
  const rows = await db().revision.findMany({ where: { filmId: film.id, number: { in: [from, to] } }, select: revisionInfoSelect });
  const rowOf = (n: number) => {
    const row = rows.find((r) => r.number === n);
    if (!row) throw new NotFoundError(`Film has no revision ${n}`);
    return row;
  };
  const [a, b] = [rowOf(from), rowOf(to)];
  const [before, after] = await readContents(db(), film.id, [a.parts, b.parts]);
  return {
    slug: film.slug,
    title: film.title,
    from: describeRevision(a, film),
    to: describeRevision(b, film),
    diff: diffFilm(before, after),
  };
}
