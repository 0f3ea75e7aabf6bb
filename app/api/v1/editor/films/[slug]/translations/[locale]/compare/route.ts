import { apiOperation } from '@/lib/api/api-handler';
import { translationOperations } from '@/lib/api/operations/translations';
import { compareTranslationRevisions } from '@/lib/translations/translation-history';

/** What changed in a translation from revision `from` to revision `to`. */
export const GET = apiOperation(
  translationOperations.compareTranslationRevisions,
  'film.read',
  ({ actor, params: { slug, locale }, query }) => compareTranslationRevisions({ slug, locale, ...query, actor }),
);
