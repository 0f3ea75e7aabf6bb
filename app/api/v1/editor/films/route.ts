import { NextResponse } from 'next/server';
import { apiHandler, readJson } from '@/lib/api/api-handler';
import { BODY_LIMITS } from '@/lib/api/read-body';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { createFilmBodySchema, listFilmsQuerySchema } from '@/lib/films/film-schema';
import { listFilms } from '@/lib/films/list-editor-films';
import { createFilm } from '@/lib/films';

/** One page of films with their status (draft / published / changed), last edit and author; `q` and `status` filter. */
export const GET = apiHandler('film.read', async ({ request, actor }) => {
  const { q, status, page } = parseInput(listFilmsQuerySchema, queryOf(request));
  const list = await listFilms({ actor, q, status, page });
  return {
    page: list.page,
    pageSize: list.pageSize,
    total: list.counts[status ?? 'all'],
    films: list.films.map((f) => ({
      slug: f.slug,
      title: f.title,
      status: f.status,
      revision: f.latestRevision,
      published: f.publishedRevision,
      updatedAt: f.updatedAt,
      author: f.updatedBy,
    })),
  };
});

/** Creates a film as a draft: revision 1, never published by itself. */
export const POST = apiHandler('film.edit', async ({ request, actor }) => {
  const { content } = parseInput(createFilmBodySchema, await readJson(request, BODY_LIMITS.content), { contentKey: 'content' });
  const { film, revision } = await createFilm({ content, actor });
  return NextResponse.json({ slug: film.slug, revision: revision.number }, { status: 201 });
});
