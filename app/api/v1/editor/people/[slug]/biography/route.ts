import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { personPhotoParamsSchema } from '@/lib/api/schemas/media-api';
import { personBiographyBodySchema } from '@/lib/people/person-schema';
import { setPersonBiography } from '@/lib/people/set-person-biography';

/** Replaces a person's biography: `{ paragraphs: [{ text, spoiler }] }` in reading order (`[]` removes it). */
export const PUT = apiHandler<{ slug: string }>('film.publish', async ({ request, params, actor }) => {
  const { slug } = parseInput(personPhotoParamsSchema, params);
  const { paragraphs } = parseInput(personBiographyBodySchema, await readJson(request));
  return setPersonBiography(actor, { slug, paragraphs });
});
