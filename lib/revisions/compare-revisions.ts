import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError, ValidationError } from '../errors';
import { diffFilm, type FilmDiff } from './diff';
import { readContents } from './revision-store';
import type { RevisionSource } from '../generated/prisma/enums';

export type ComparedRevision = {
  number: number;
  author: string | null;
  createdAt: string;
  message: string;
  source: RevisionSource;
  restoredFrom: number | null;
  published: boolean;
  latest: boolean;
};

export type RevisionComparison = { slug: string; title: string; from: ComparedRevision; to: ComparedRevision; diff: FilmDiff };

const isRevisionNumber = (n: number) => Number.isInteger(n) && n >= 1;

/**
 * What changed from revision `from` to revision `to` (any two, in either order): field by field,
 * list items matched by id, long text word by word, with spoiler exposures flagged.
 */
export async function compareRevisions({ slug, from, to, actor }: { slug: string; from: number; to: number; actor: Actor }): Promise<RevisionComparison> {
  assertCan(actor, 'film.read');
  if (!isRevisionNumber(from)) throw ValidationError.field('from', 'Must be a revision number');
  if (!isRevisionNumber(to)) throw ValidationError.field('to', 'Must be a revision number');
  const film = await db().film.findUnique({
    where: { slug },
    select: { id: true, slug: true, title: true, latestRevision: true, publishedRevision: { select: { number: true } } },
  });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  const rows = await db().revision.findMany({
    where: { filmId: film.id, number: { in: [from, to] } },
    select: { number: true, parts: true, message: true, source: true, restoredFrom: true, createdAt: true, author: { select: { email: true } } },
  });
  const rowOf = (n: number) => {
    const row = rows.find((r) => r.number === n);
    if (!row) throw new NotFoundError(`Film has no revision ${n}`);
    return row;
  };
  const [a, b] = [rowOf(from), rowOf(to)];
  const [before, after] = await readContents(db(), film.id, [a.parts, b.parts]);
  const describe = (row: typeof a): ComparedRevision => ({
    number: row.number,
    author: row.author?.email ?? null,
    createdAt: row.createdAt.toISOString(),
    message: row.message,
    source: row.source,
    restoredFrom: row.restoredFrom,
    published: row.number === film.publishedRevision?.number,
    latest: row.number === film.latestRevision,
  });
  return { slug: film.slug, title: film.title, from: describe(a), to: describe(b), diff: diffFilm(before, after) };
}
