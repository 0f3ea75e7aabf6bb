'use server';

import { z } from 'zod';
import { guardedAction } from '../auth/guarded-action';
import { revisionNumberSchema } from '../films/film-schema';
import { saveAutosave } from './save-autosave';
import { discardAutosave } from './discard-autosave';

/**
 * The editor's autosave slot (work in progress, not a revision), as server actions: each a
 * guardedAction calling a domain function that checks the actor again.
 */

const filmId = z.string().min(1).max(64);

/** Work in progress into the user's autosave slot. */
export const saveAutosaveAction = guardedAction(
  'film.edit',
  z.object({ filmId, baseRevision: revisionNumberSchema, content: z.unknown() }),
  ({ filmId, baseRevision, content }, actor) => saveAutosave({ filmId, baseRevision, content, actor }),
);

export const discardAutosaveAction = guardedAction('film.edit', z.object({ filmId }), ({ filmId }, actor) =>
  discardAutosave({ filmId, actor }),
);
