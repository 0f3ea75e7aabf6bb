import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { filmStatusOf, type FilmStatusInfo } from './film-status';

type FilmRow = {
  id: string;
  slug: string;
  title: string;
  latestRevision: number;
  publishedRevision: { number: number; contentHash: string } | null;
};

const filmSelect = {
  id: true,
  slug: true,
  title: true,
  latestRevision: true,
  publishedRevision: { select: { number: true, contentHash: true } },
} as const;

/** Adds each film's latest revision (time, author, hash) and derives its status. */
async function withStatus(films: FilmRow[]): Promise<FilmStatusInfo[]> {
  if (films.length === 0) return [];
  const latest = await db().revision.findMany({
    where: { OR: films.map((f) => ({ filmId: f.id, number: f.latestRevision })) },
    select: { filmId: true, number: true, contentHash: true, createdAt: true, author: { select: { email: true } } },
  });
  const latestByFilm = new Map(latest.map((r) => [r.filmId, r]));
  return films.flatMap((film) => {
    const revision = latestByFilm.get(film.id);
    if (!revision) return [];
    const published = film.publishedRevision ? { number: film.publishedRevision.number, hash: film.publishedRevision.contentHash } : null;
    return [
      {
        filmId: film.id,
        slug: film.slug,
        title: film.title,
        status: filmStatusOf(published, { number: revision.number, hash: revision.contentHash }),
        latestRevision: revision.number,
        publishedRevision: published?.number ?? null,
        updatedAt: revision.createdAt.toISOString(),
        updatedBy: revision.author?.email ?? null,
      },
    ];
  });
}

/** Every film for the editor's home, most recently edited first. */
export async function listFilms({ actor }: { actor: Actor }): Promise<FilmStatusInfo[]> {
  assertCan(actor, 'film.read');
  const films = await db().film.findMany({ select: filmSelect });
  const rows = await withStatus(films);
  return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.title.localeCompare(b.title));
}

/** One film's status, for the editor's status badge (polled, so it notices others' saves). */
export async function getFilmStatus({ filmId, actor }: { filmId: string; actor: Actor }): Promise<FilmStatusInfo> {
  assertCan(actor, 'film.read');
  const film = await db().film.findUnique({ where: { id: filmId }, select: filmSelect });
  const [row] = film ? await withStatus([film]) : [];
  if (!row) throw new NotFoundError('No such film');
  return row;
}
