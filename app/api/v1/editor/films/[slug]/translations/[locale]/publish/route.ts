import { apiOperation } from '@/lib/api/api-handler';
import { translationOperations } from '@/lib/api/operations/translations';
import { publishTranslation } from '@/lib/translations/publish-translation';

/** Readers of the language get this revision of the translation. */
export const POST = apiOperation(
  translationOperations.publishTranslation,
  'film.publish',
  ({ actor, params: { slug, locale }, body: { revision } }) => publishTranslation({ slug, locale, revision, actor }),
);
