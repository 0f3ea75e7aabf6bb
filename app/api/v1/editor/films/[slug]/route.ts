import { apiHandler, readJson } from '@/lib/api/api-handler';
import { BODY_LIMITS } from '@/lib/api/read-body';
import { parseInput } from '@/lib/api/parse-input';
import { saveFilmBodySchema, slugParamsSchema } from '@/lib/films/film-schema';
import { getDraft, saveDraft } from '@/lib/films';

type Params = { slug: string };

/** The latest draft. */
export const GET = apiHandler<Params>('film.read', async ({ params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const draft = await getDraft({ slug, actor });
  return { slug: draft.slug, revision: draft.revision, content: draft.content, published: draft.published };
});

/** Saves a new revision on top of `baseRevision`; 409 with both sides when someone saved first. */
export const PUT = apiHandler<Params>('film.edit', async ({ request, params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const { baseRevision, content, message } = parseInput(saveFilmBodySchema, await readJson(request, BODY_LIMITS.content), {
    contentKey: 'content',
  });
  const saved = await saveDraft({ slug, baseRevision, content, message, actor });
  return { slug: saved.slug, revision: saved.revision };
});
