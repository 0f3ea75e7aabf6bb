'use server';

import { guardedAction } from '@/lib/auth/guarded-action';
import { saveTranslationBodySchema, translationParamsSchema } from '@/lib/translations/translation-schema';
import { saveTranslation } from '@/lib/translations/save-translation';

/** The translation screen's save: the API's schema and the same domain function. */
export const saveTranslationAction = guardedAction(
  'film.edit',
  translationParamsSchema.extend(saveTranslationBodySchema.shape),
  async (input, actor) => saveTranslation({ ...input, actor }),
);
