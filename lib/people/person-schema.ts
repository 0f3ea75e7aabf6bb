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

/**
 * Everything an editor writes about a person, as one revision holds it (`PersonRevision.content`)
 * and the one person form saves it: born and died, the photo with its alt text, the biography.
 */
export const personContentSchema = z
  .object({
    birthDate: isoDateSchema.default(''),
    deathDate: isoDateSchema.default(''),
    photo: z
      .object({ image: imageIdSchema, alt: z.string().trim().max(300, 'At most 300 characters').default('') })
      .nullable()
      .default(null),
    biography: biographyParagraphsSchema,
  })
  .superRefine((person, ctx) => {
    if (person.birthDate && person.deathDate && person.deathDate < person.birthDate) {
      ctx.addIssue({ code: 'custom', path: ['deathDate'], message: 'The date of death must be after the date of birth' });
    }
    if (person.photo && person.photo.alt === '') ctx.addIssue({ code: 'custom', path: ['photo', 'alt'], message: 'Alt text is required' });
  });

export type PersonContentInput = z.input<typeof personContentSchema>;
export type PersonContent = z.output<typeof personContentSchema>;

export const EMPTY_PERSON_CONTENT: PersonContent = { birthDate: '', deathDate: '', photo: null, biography: [] };

/** A person's revision number: 1, 2, 3, … (0 only as the base of the first save). */
export const personRevisionSchema = z.int().min(1);

/** The person form's save: the whole profile, based on the revision it was loaded at (a newer one: 409). */
export const savePersonSchema = z.object({
  slug: slugSchema,
  baseRevision: z.int().min(0),
  content: personContentSchema,
});
export type SavePersonInput = z.input<typeof savePersonSchema>;

/** Restoring an earlier revision saves its content as the newest. */
export const restorePersonSchema = z.object({ slug: slugSchema, revision: personRevisionSchema });

/**
 * The person form while someone is typing, for autosave: the same fields without the rules a
 * revision must meet (a half-written paragraph, alt text not yet given), bounded in size.
 */
export const personWorkInProgressSchema = z.object({
  birthDate: z.string().max(10),
  deathDate: z.string().max(10),
  photo: z.object({ image: z.string().max(64), alt: z.string().max(300) }).nullable(),
  biography: z.array(z.object({ text: z.string().max(MAX_BIO_PARAGRAPH), spoiler })).max(MAX_BIO_PARAGRAPHS * 2),
});
export type PersonWorkInProgress = z.output<typeof personWorkInProgressSchema>;
