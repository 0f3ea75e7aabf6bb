import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { setPersonBiography } from '@/lib/people/set-person-biography';

/** Replaces a person's biography: `{ paragraphs: [{ text, spoiler }] }` in reading order (`[]` removes it). */
export const PUT = apiOperation(
  editorOperations.setPersonBiography,
  'film.publish',
  async ({ actor, params: { slug }, body: { paragraphs } }) => {
    return setPersonBiography(actor, { slug, paragraphs });
  },
);
