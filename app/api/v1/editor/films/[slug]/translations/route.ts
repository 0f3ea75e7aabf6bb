import { apiOperation } from '@/lib/api/api-handler';
import { translationOperations } from '@/lib/api/operations/translations';
import { listTranslations } from '@/lib/translations/get-translation';

/** Every language the site translates into, with how far this film's translation is. */
export const GET = apiOperation(translationOperations.listTranslations, 'film.read', ({ actor, params: { slug } }) =>
  listTranslations({ slug, actor }),
);
