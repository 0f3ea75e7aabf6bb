import { apiOperation } from '@/lib/api/api-handler';
import { translationOperations } from '@/lib/api/operations/translations';
import { listTranslationRevisions } from '@/lib/translations/translation-history';

/** A translation's revisions, newest first. */
export const GET = apiOperation(translationOperations.listTranslationRevisions, 'film.read', ({ actor, params: { slug, locale }, query }) =>
  listTranslationRevisions({ slug, locale, ...query, actor }),
);
