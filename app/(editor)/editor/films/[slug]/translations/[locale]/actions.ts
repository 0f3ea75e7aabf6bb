'use server';

import { guardedAction } from '@/lib/auth/guarded-action';
import {
  publishTranslationBodySchema,
  restoreTranslationBodySchema,
  saveTranslationBodySchema,
  translationAutosaveBodySchema,
  translationParamsSchema,
  translationRevisionParamsSchema,
} from '@/lib/translations/translation-schema';
import { restoreTranslationRevision } from '@/lib/translations/translation-history';
import { publishTranslation, unpublishTranslation } from '@/lib/translations/publish-translation';
import { saveTranslation } from '@/lib/translations/save-translation';
import { discardTranslationAutosave, saveTranslationAutosave } from '@/lib/translations/translation-autosave';

/** The translation screen's save: the API's schema and the same domain function. */
export const saveTranslationAction = guardedAction(
  'film.edit',
  translationParamsSchema.extend(saveTranslationBodySchema.shape),
  async (input, actor) => saveTranslation({ ...input, actor }),
);

export const publishTranslationAction = guardedAction(
  'film.publish',
  translationParamsSchema.extend(publishTranslationBodySchema.shape),
  async (input, actor) => publishTranslation({ ...input, actor }),
);

export const unpublishTranslationAction = guardedAction('film.publish', translationParamsSchema, async (input, actor) =>
  unpublishTranslation({ ...input, actor }),
);

export const restoreTranslationAction = guardedAction(
  'film.edit',
  translationRevisionParamsSchema.extend(restoreTranslationBodySchema.shape),
  async ({ n, ...input }, actor) => restoreTranslationRevision({ ...input, number: n, actor }),
);

/** The translator's work in progress, into their autosave slot (not a revision). */
export const saveTranslationAutosaveAction = guardedAction(
  'film.edit',
  translationParamsSchema.extend(translationAutosaveBodySchema.shape),
  async (input, actor) => saveTranslationAutosave({ ...input, actor }),
);

export const discardTranslationAutosaveAction = guardedAction('film.edit', translationParamsSchema, async (input, actor) =>
  discardTranslationAutosave({ ...input, actor }),
);
