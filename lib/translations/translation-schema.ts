import { z } from 'zod';
import { MAX_TEXT } from '../content/fields';
import { slugSchema } from '../content/schema';
import { localeSchema } from '../i18n/site-locales';
import { spoilerLevelSchema } from '../spoilers/levels';
import { listSchema } from '../api/list';

/** One schema per shape of a translation, for the API's input and output and the editor's form. */

export const translationParamsSchema = z.object({ slug: slugSchema, locale: localeSchema });

/**
 * A save: the whole translation as it now stands (a unit left out or empty is not translated), on
 * top of `baseRevision` (0 for the first), translated from the source page's `sourceRevision`.
 */
export const saveTranslationBodySchema = z.object({
  baseRevision: z.int().min(0, 'Must be a revision number, or 0 for the first'),
  sourceRevision: z.int().min(1, 'Must be a revision of the page'),
  texts: z.record(z.string().min(1).max(300), z.string().trim().max(MAX_TEXT)),
  message: z.string().trim().max(500).default(''),
});
export type SaveTranslationBody = z.output<typeof saveTranslationBodySchema>;

/** Work in progress on a translation (its user's autosave slot): the texts typed so far, by unit key, on top of `baseRevision`. */
export const translationAutosaveBodySchema = z.object({
  baseRevision: saveTranslationBodySchema.shape.baseRevision,
  // As typed: nothing trimmed, and an empty text is kept (the translator may have cleared it).
  texts: z.record(z.string().min(1).max(300), z.string().max(MAX_TEXT)),
});
export type TranslationAutosaveBody = z.output<typeof translationAutosaveBodySchema>;

/** The slot as the screen offers it back. */
export type TranslationAutosaveSlot = TranslationAutosaveBody & { savedAt: string };

export const translationStatusSchema = z.enum(['missing', 'translated', 'outdated']);
export type TranslationStatus = z.output<typeof translationStatusSchema>;

export const translationUnitSchema = z.object({
  key: z.string(),
  section: z.string(),
  label: z.string(),
  kind: z.enum(['text', 'long']),
  level: spoilerLevelSchema,
  source: z.string().describe('The source page’s text now'),
  text: z.string().nullable().describe('The translation, or null while the unit is not translated'),
  from: z.string().nullable().describe('The source text the translation was made from: differs from `source` when `outdated`'),
  status: translationStatusSchema,
});
export type TranslationUnitState = z.output<typeof translationUnitSchema>;

export const translationCountsSchema = z.object({ units: z.int(), translated: z.int(), outdated: z.int(), missing: z.int() });

export const translationSchema = z.object({
  slug: z.string(),
  locale: z.string(),
  language: z.string().describe('The language’s name in English'),
  sourceLocale: z.string().describe('The language the page is written in (the first of SITE_LOCALES)'),
  revision: z.int().describe('The translation’s newest revision, 0 before its first save'),
  sourceRevision: z.int().describe('The source page’s newest revision: what a save translates from'),
  translatedFrom: z.int().nullable().describe('The source revision the newest translation revision was made from'),
  published: z.int().nullable().describe('The revision readers get, or null: they get the page’s own language'),
  counts: translationCountsSchema,
  units: z.array(translationUnitSchema),
});
export type Translation = z.output<typeof translationSchema>;

export const translationSummarySchema = z.object({
  locale: z.string(),
  language: z.string(),
  revision: z.int(),
  published: z.int().nullable(),
  updatedAt: z.iso.datetime().nullable(),
  counts: translationCountsSchema,
});
export const translationListSchema = z.object({
  slug: z.string(),
  sourceLocale: z.string(),
  translations: z.array(translationSummarySchema),
});
export type TranslationList = z.output<typeof translationListSchema>;

export const publishTranslationBodySchema = z.object({ revision: z.int().min(1, 'Must be a revision of the translation') });
export const publishedTranslationSchema = z.object({ slug: z.string(), locale: z.string(), revision: z.int() });
export const unpublishedTranslationSchema = z.object({ slug: z.string(), locale: z.string() });

export const translationRevisionParamsSchema = translationParamsSchema.extend({
  n: z.coerce.number({ error: 'Must be a revision number' }).int('Must be a revision number').min(1, 'Must be a revision number'),
});
export const restoreTranslationBodySchema = z.object({ baseRevision: z.int().min(1, 'Must be the translation’s newest revision') });

export const translationRevisionSchema = z.object({
  number: z.int(),
  sourceRevision: z.int().describe('The page’s revision it was translated from'),
  translated: z.int().describe('How many texts it holds'),
  message: z.string(),
  author: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TranslationRevisionSummary = z.output<typeof translationRevisionSchema>;
export const translationRevisionListSchema = listSchema(
  translationRevisionSchema,
  'TranslationRevisionList',
  'A translation’s revisions, newest first',
);

const revisionNumberQuery = z.coerce
  .number({ error: 'Must be a revision number' })
  .int('Must be a revision number')
  .min(1, 'Must be a revision number');
export const compareTranslationQuerySchema = z.object({ from: revisionNumberQuery, to: revisionNumberQuery });

export const translationChangeSchema = z.object({
  key: z.string(),
  label: z.string().describe('The unit as the page names it now; its key when the page no longer has it'),
  change: z.enum(['added', 'removed', 'changed']),
  before: z.string().nullable().describe('The text in `from`, null where it had none'),
  after: z.string().nullable().describe('The text in `to`, null where it has none'),
});
export const translationComparisonSchema = z.object({
  slug: z.string(),
  locale: z.string(),
  language: z.string(),
  from: z.int(),
  to: z.int(),
  changes: z.array(translationChangeSchema).describe('The texts that differ, in the page’s order'),
});
export type TranslationComparison = z.output<typeof translationComparisonSchema>;
