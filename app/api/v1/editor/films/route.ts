import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { listEnvelope } from '@/lib/api/list';
import { listFilms } from '@/lib/films/list-editor-films';
import { createFilm } from '@/lib/films';

/** One page of films with their status (draft / published / changed), last edit and author; `q` and `status` filter. */
export const GET = apiOperation(editorOperations.listEditorFilms, 'film.read', async ({ actor, query }) => {
  const list = await listFilms({ actor, ...query });
  return listEnvelope(
    list.films.map((f) => ({
      slug: f.slug,
      title: f.title,
      status: f.status,
      revision: f.latestRevision,
      published: f.publishedRevision,
      updatedAt: f.updatedAt,
      author: f.updatedBy,
    })),
    query,
    list.counts[query.status ?? 'all'],
  );
});

/** Creates a film as a draft: revision 1, never published by itself. */
export const POST = apiOperation(editorOperations.createFilm, 'film.edit', async ({ actor, body: { content } }) => {
  const { film, revision } = await createFilm({ content, actor });
  return NextResponse.json({ slug: film.slug, revision: revision.number }, { status: 201 });
});
