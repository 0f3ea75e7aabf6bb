import { apiOperation } from '@/lib/api/api-handler';
import { translationOperations } from '@/lib/api/operations/translations';
import { getTranslation } from '@/lib/translations/get-translation';
import { saveTranslation } from '@/lib/translations/save-translation';

/** The translation into one language, unit by unit. */
export const GET = apiOperation(translationOperations.getTranslation, 'film.read', ({ actor, params: { slug, locale } }) =>
  getTranslation({ slug, locale, actor }),
);

/** Saves the translation as a new revision on top of `baseRevision`; 409 when someone saved first. */
export const PUT = apiOperation(translationOperations.saveTranslation, 'film.edit', ({ actor, params: { slug, locale }, body }) =>
  saveTranslation({ slug, locale, actor, ...body }),
);
