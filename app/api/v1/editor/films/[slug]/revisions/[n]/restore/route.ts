import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { restoreRevision } from '@/lib/films';

/** Restores revision n as a new revision on top of the latest (never publishes). The body is optional. */
export const POST = apiOperation(
  editorOperations.restoreRevision,
  'film.edit',
  async ({ actor, params: { slug, n }, body: { baseRevision } }) => {
    const restored = await restoreRevision({ slug, number: n, baseRevision, actor });
    return NextResponse.json({ slug: restored.slug, revision: restored.revision, restoredFrom: n }, { status: 201 });
  },
);
