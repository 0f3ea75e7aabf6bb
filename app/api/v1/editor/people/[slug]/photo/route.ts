import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { setPersonPhoto } from '@/lib/media/set-person-photo';

/** Sets or removes a person's photo: `{ image, alt }` (an uploaded image's id and its alt text), or `{ image: null }`. */
export const PUT = apiOperation(
  editorOperations.setPersonPhoto,
  'film.publish',
  async ({ actor, params: { slug }, body: { image, alt } }) => {
    return setPersonPhoto({ actor, slug, image, alt });
  },
);
