'use server';

import { guardedAction } from '../auth/guarded-action';
import { setPersonPhoto } from '../media/set-person-photo';
import { personDatesSchema, personPhotoSchema } from './person-schema';
import { updatePersonDates } from './update-person-dates';

/** Server actions of /editor/people/{slug}. */
export const updatePersonDatesAction = guardedAction('film.publish', personDatesSchema, (input, actor) => updatePersonDates(actor, input));

export const setPersonPhotoAction = guardedAction('film.publish', personPhotoSchema, ({ slug, image, alt }, actor) =>
  setPersonPhoto({ actor, slug, image, alt }),
);
