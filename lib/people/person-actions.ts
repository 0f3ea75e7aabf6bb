'use server';

import { z } from 'zod';
import { guardedAction } from '../auth/guarded-action';
import { slugSchema } from '../content/schema';
import { restorePersonSchema, savePersonSchema } from './person-schema';
import { savePerson } from './save-person';
import { restorePersonRevision } from './person-revisions';
import { discardPersonAutosave, savePersonAutosave } from './person-autosave';

/** Server actions of /editor/people/{slug}: each a guardedAction calling a domain function that checks the role again. */

/** The person form's one save: the whole profile as the next revision (409 when `baseRevision` is not the latest). */
export const savePersonAction = guardedAction('film.publish', savePersonSchema, ({ slug, baseRevision, content }, actor) =>
  savePerson(actor, { slug, baseRevision, content }),
);

/** An earlier revision saved again as the newest (409 when someone saved after `baseRevision`, the latest the page showed). */
export const restorePersonRevisionAction = guardedAction(
  'film.publish',
  restorePersonSchema.extend({ number: z.int().min(1), baseRevision: z.int().min(1) }).omit({ revision: true }),
  async ({ slug, number, baseRevision }, actor) => {
    const saved = await restorePersonRevision(actor, { slug, revision: number, baseRevision });
    return { slug, revision: saved.revision.number };
  },
);

/** Work in progress into the user's autosave slot for the person (not a revision). */
export const savePersonAutosaveAction = guardedAction(
  'film.publish',
  z.object({ slug: slugSchema, baseRevision: z.int().min(0), content: z.unknown() }),
  ({ slug, baseRevision, content }, actor) => savePersonAutosave({ actor, slug, baseRevision, content }),
);

export const discardPersonAutosaveAction = guardedAction('film.publish', z.object({ slug: slugSchema }), ({ slug }, actor) =>
  discardPersonAutosave({ actor, slug }),
);
