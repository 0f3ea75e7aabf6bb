import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { personPhotoBodySchema, personPhotoParamsSchema } from '@/lib/api/schemas/media-api';
import { setPersonPhoto } from '@/lib/media/set-person-photo';

/** Sets or removes a person's photo: `{ image, alt }` (an uploaded image's id and its alt text), or `{ image: null }`. */
export const PUT = apiHandler<{ slug: string }>('film.publish', async ({ request, params, actor }) => {
  const { slug } = parseInput(personPhotoParamsSchema, params);
  const { image, alt } = parseInput(personPhotoBodySchema, await readJson(request));
  return setPersonPhoto({ actor, slug, image, alt });
});
