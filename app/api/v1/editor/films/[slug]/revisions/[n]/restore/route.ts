import { NextResponse } from 'next/server';
import { apiHandler, readOptionalJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { restoreBodySchema, revisionParamsSchema } from '@/lib/films/film-schema';
import { restoreRevision } from '@/lib/films';

/** Restores revision n as a new revision on top of the latest (never publishes). The body is optional. */
export const POST = apiHandler<{ slug: string; n: string }>('film.edit', async ({ request, params, actor }) => {
  const { slug, n } = parseInput(revisionParamsSchema, params);
  const { baseRevision } = parseInput(restoreBodySchema, await readOptionalJson(request));
  const restored = await restoreRevision({ slug, number: n, baseRevision, actor });
  return NextResponse.json({ slug: restored.slug, revision: restored.revision, restoredFrom: n }, { status: 201 });
});
