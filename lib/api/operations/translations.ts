import { operations } from '../operation';
import { slugParamsSchema } from '../../films/film-schema';
import { BODY_LIMITS } from '../read-body';
import {
  compareTranslationQuerySchema,
  translationComparisonSchema,
  restoreTranslationBodySchema,
  translationRevisionListSchema,
  translationRevisionParamsSchema,
  publishTranslationBodySchema,
  publishedTranslationSchema,
  unpublishedTranslationSchema,
  saveTranslationBodySchema,
  translationListSchema,
  translationParamsSchema,
  translationSchema,
} from '../../translations/translation-schema';
import { z } from 'zod';
import { conflict, json } from './responses';
import { pageQueryShape } from '../list';

const translations = '/api/v1/editor/films/{slug}/translations';

/** A film page's translations into the site's other languages (SITE_LOCALES; docs/translations.md). */
export const translationOperations = operations(['Editorial'], {
  listTranslations: {
    method: 'get',
    path: translations,
    summary: 'A film’s translations',
    description:
      'Every language the site translates into, with how many of the page’s texts are translated, outdated (the source changed since) or missing.',
    params: slugParamsSchema,
    responses: { 200: json('The translations', translationListSchema) },
  },
  getTranslation: {
    method: 'get',
    path: `${translations}/{locale}`,
    summary: 'A translation, unit by unit',
    description:
      'Every text of the page’s newest revision (a unit, named by its item’s id) with the translation, the source text it was made from and its state. ' +
      'Revision 0 and every unit `missing` before the first save. 404 for a language the site does not translate into.',
    params: translationParamsSchema,
    responses: { 200: json('The translation', translationSchema) },
  },
  saveTranslation: {
    method: 'put',
    path: `${translations}/{locale}`,
    summary: 'Save a translation',
    description:
      'The whole translation as it now stands, as a new revision on top of `baseRevision` (0 for the first), translated from the page’s `sourceRevision`. ' +
      'Texts only: an item’s spoiler level is the page’s in every language. A key the source revision does not have is a 400 naming it.',
    params: translationParamsSchema,
    body: saveTranslationBodySchema,
    bodyLimit: BODY_LIMITS.content,
    responses: {
      200: json('Saved', z.object({ slug: z.string(), locale: z.string(), revision: z.int() })),
      409: conflict('Someone saved the translation first: its newest revision', {
        baseRevision: z.int(),
        current: z.object({ number: z.int(), author: z.string().nullable() }),
      }),
    },
  },
  publishTranslation: {
    method: 'post',
    path: `${translations}/{locale}/publish`,
    summary: 'Publish a translation',
    description:
      'Readers of the language get this revision, laid over the page’s published revision with the same items held back. Editors and admins; ' +
      '409 while the page itself is not published.',
    params: translationParamsSchema,
    body: publishTranslationBodySchema,
    responses: {
      200: json('Readers of the language now get it', publishedTranslationSchema),
      409: conflict('The page is not published', {}),
    },
  },
  unpublishTranslation: {
    method: 'post',
    path: `${translations}/{locale}/unpublish`,
    summary: 'Take a translation off the site',
    description: 'Readers of the language get the page in its own language again.',
    params: translationParamsSchema,
    responses: { 200: json('Taken off the site', unpublishedTranslationSchema) },
  },
  listTranslationRevisions: {
    method: 'get',
    path: `${translations}/{locale}/revisions`,
    summary: 'A translation’s history, newest first',
    params: translationParamsSchema,
    query: z.object(pageQueryShape(20)),
    responses: { 200: json('Every revision without its texts', translationRevisionListSchema) },
  },
  compareTranslationRevisions: {
    method: 'get',
    path: `${translations}/{locale}/compare`,
    summary: 'Compare two revisions of a translation',
    description:
      'Each text added, removed or changed from revision `from` to revision `to`, in the page’s order. 404 for a revision it does not have.',
    params: translationParamsSchema,
    query: compareTranslationQuerySchema,
    responses: { 200: json('The texts that differ', translationComparisonSchema) },
  },
  restoreTranslationRevision: {
    method: 'post',
    path: `${translations}/{locale}/revisions/{n}/restore`,
    summary: 'Restore a revision of a translation',
    description: 'Its texts become the newest revision (the later ones stay). `baseRevision` must be the newest: 409 otherwise.',
    params: translationRevisionParamsSchema,
    body: restoreTranslationBodySchema,
    responses: {
      201: json('Restored as a new revision', z.object({ slug: z.string(), locale: z.string(), revision: z.int() })),
      409: conflict('Someone saved the translation first: its newest revision', {
        baseRevision: z.int(),
        current: z.object({ number: z.int(), author: z.string().nullable() }),
      }),
    },
  },
});
