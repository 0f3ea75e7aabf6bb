import { z } from 'zod';
import { isoDateSchema, slugSchema } from '../content/schema';

/** A person's own facts, edited at /editor/people/{slug}: born and died, each "" when not known. */
export const personDatesSchema = z
  .object({
    slug: slugSchema,
    birthDate: isoDateSchema.default(''),
    deathDate: isoDateSchema.default(''),
  })
  .superRefine((person, ctx) => {
    if (person.birthDate && person.deathDate && person.deathDate < person.birthDate) {
      ctx.addIssue({ code: 'custom', path: ['deathDate'], message: 'The date of death must be after the date of birth' });
    }
  });

export type PersonDatesInput = z.input<typeof personDatesSchema>;
export type PersonDates = z.output<typeof personDatesSchema>;
