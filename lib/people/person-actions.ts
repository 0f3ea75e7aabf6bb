'use server';

import { guardedAction } from '../auth/guarded-action';
import { personDatesSchema } from './person-schema';
import { updatePersonDates } from './update-person-dates';

/** Server actions of /editor/people/{slug}. */
export const updatePersonDatesAction = guardedAction('film.edit', personDatesSchema, (input, actor) => updatePersonDates(actor, input));
