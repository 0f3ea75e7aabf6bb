import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { readContent } from './revision-store';
import { summarizeRevision } from './save-draft';

/** The latest revision of a film, for the editor and `GET /api/v1/editor/films/{slug}`. */
export async function getDraft({ slug, actor }: { slug: string; actor: Actor }) {
  assertCan(actor, 'film.read');
  const film = await db().film.findUnique({
    where: { slug },
    include: { publishedRevision: { select: { number: true } } },
  });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  const latest = await db().revision.findUniqueOrThrow({
    where: { filmId_number: { filmId: film.id, number: film.latestRevision } },
    include: { author: { select: { email: true } } },
  });
  return {
    filmId: film.id,
    slug: film.slug,
    revision: latest.number,
    content: await readContent(db(), film.id, latest.parts),
    published: film.publishedRevision?.number ?? null,
    latest: summarizeRevision(latest),
  };
}

/** One revision with its content. */
export async function getRevision({ slug, number, actor }: { slug: string; number: number; actor: Actor }) {
  assertCan(actor, 'film.read');
  const film = await db().film.findUnique({ where: { slug }, select: { id: true, publishedRevisionId: true } });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  const row = Number.isInteger(number)
    ? await db().revision.findUnique({
        where: { filmId_number: { filmId: film.id, number } },
        include: { author: { select: { email: true } } },
      })
    : null;
  if (!row) throw new NotFoundError(`Film has no revision ${number}`);
  return {
    ...summarizeRevision(row),
    published: row.id === film.publishedRevisionId,
    content: await readContent(db(), film.id, row.parts),
  };
}

/** The history of a film, newest first, without the content (it can be large). */
export async function listRevisions({ slug, actor }: { slug: string; actor: Actor }) {
  assertCan(actor, 'film.read');
  const film = await db().film.findUnique({ where: { slug }, select: { id: true, publishedRevisionId: true, latestRevision: true } });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  const rows = await db().revision.findMany({
    where: { filmId: film.id },
    orderBy: { number: 'desc' },
    select: {
      id: true,
      number: true,
      message: true,
      source: true,
      restoredFrom: true,
      createdAt: true,
      author: { select: { email: true } },
    },
  });
  return rows.map((r) => ({
    ...summarizeRevision(r),
    restoredFrom: r.restoredFrom,
    published: r.id === film.publishedRevisionId,
    latest: r.number === film.latestRevision,
  }));
}
