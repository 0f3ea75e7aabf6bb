import { z } from 'zod';
import { slugSchema } from '../content/schema';
import { imageIdSchema } from '../page/parts/images';
import { isoDateSchema } from '../page/parts/facts';

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

/**
 * A person's photo, set at /editor/people/{slug}: an uploaded image's id and its alt text (required
 * with an image: readers with screen readers get it), or `image: null` to remove the photo.
 */
export const personPhotoSchema = z
  .object({
    slug: slugSchema,
    image: imageIdSchema.nullable(),
    alt: z.string().trim().max(300, 'At most 300 characters').default(''),
  })
  .superRefine((photo, ctx) => {
    if (photo.image && photo.alt === '') ctx.addIssue({ code: 'custom', path: ['alt'], message: 'Alt text is required' });
  });

export type PersonPhotoInput = z.input<typeof personPhotoSchema>;
