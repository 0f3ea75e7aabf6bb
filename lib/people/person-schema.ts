import { z } from 'zod';
import { slugSchema } from '../content/schema';
import { imageIdSchema } from '../page/parts/images';
import { isoDateSchema } from '../page/parts/facts';
import { requiredText, spoiler } from '../content/fields';

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

/** At most this many paragraphs and characters per paragraph: a biography is a few paragraphs, not a book. */
export const MAX_BIO_PARAGRAPHS = 12;
export const MAX_BIO_PARAGRAPH = 3_000;

/**
 * One paragraph of a biography and its spoiler level (a biography can say how a film ends). New
 * paragraphs default to full, like every item, so forgetting to choose never shows a spoiler.
 */
export const bioParagraphSchema = z.object({
  text: requiredText(MAX_BIO_PARAGRAPH, 'The paragraph’s text'),
  spoiler,
});

/** A person's biography, in reading order; an empty list removes it. */
export const biographyParagraphsSchema = z
  .array(bioParagraphSchema)
  .max(MAX_BIO_PARAGRAPHS, `At most ${MAX_BIO_PARAGRAPHS} paragraphs`)
  .default([]);

/** The person editor's biography form and its server action. */
export const personBiographySchema = z.object({ slug: slugSchema, paragraphs: biographyParagraphsSchema });

export type BioParagraph = z.output<typeof bioParagraphSchema>;
export type PersonBiographyInput = z.input<typeof personBiographySchema>;
export type PersonBiography = z.output<typeof personBiographySchema>;

/** `PUT /api/v1/editor/people/{slug}/biography`: the form's fields without the slug (in the address). */
export const personBiographyBodySchema = personBiographySchema.omit({ slug: true });
