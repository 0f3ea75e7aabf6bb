import { apiOperation } from '@/lib/api/api-handler';
import { translationOperations } from '@/lib/api/operations/translations';
import { unpublishTranslation } from '@/lib/translations/publish-translation';

/** Readers of the language get the page in its own language again. */
export const POST = apiOperation(translationOperations.unpublishTranslation, 'film.publish', ({ actor, params: { slug, locale } }) =>
  unpublishTranslation({ slug, locale, actor }),
);
