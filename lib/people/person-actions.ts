'use server';

import { guardedAction } from '../auth/guarded-action';
import { setPersonPhoto } from '../media/set-person-photo';
import { personBiographySchema, personDatesSchema, personPhotoSchema } from './person-schema';
import { setPersonBiography } from './set-person-biography';
import { updatePersonDates } from './update-person-dates';

/** Server actions of /editor/people/{slug}. */
export const updatePersonDatesAction = guardedAction('film.publish', personDatesSchema, (input, actor) => updatePersonDates(actor, input));

export const setPersonPhotoAction = guardedAction('film.publish', personPhotoSchema, ({ slug, image, alt }, actor) =>
  setPersonPhoto({ actor, slug, image, alt }),
);

export const setPersonBiographyAction = guardedAction('film.publish', personBiographySchema, (input, actor) =>
  setPersonBiography(actor, input),
);
