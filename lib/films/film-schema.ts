import { z } from 'zod';
import { filmContentSchema, slugSchema } from '../content/schema';
import { FILM_STATUSES } from './film-status';

/**
 * What a request about a film may carry, for every way in: the editor's server actions
 * (lib/films/film-actions.ts), the editorial API's route handlers (app/api/v1/editor) and the
 * OpenAPI document generated from them (lib/api/openapi). A film is addressed by its slug under one
 * rule everywhere, `slugSchema` (the content's own): a malformed slug is a 400 naming `slug`, a
 * well-formed one that names no film a 404. Response shapes are in lib/api/schemas/film-api.ts.
 *
 * `.meta({ id })` names a schema in the OpenAPI document's components; validation is unaffected.
 */
export const filmContentApiSchema = filmContentSchema.meta({
  id: 'FilmContent',
  description: 'The whole film page; every item that can spoil carries `spoiler` (none | light | full).',
});

export const revisionNumberSchema = z.int().min(1).meta({ description: 'A revision number within its film: 1, 2, 3, …' });

/** A revision's message, as the editor's save dialog and the API's `message` take it. */
export const revisionMessageSchema = z.string().trim().max(500);

export const filmStatusSchema = z.enum(FILM_STATUSES).meta({
  id: 'FilmStatus',
  description: 'draft: not on the site; published: readers see the latest content; changed: published, with newer unpublished changes',
});

// ---------------------------------------------------------------- route parameters and queries

export const slugParamsSchema = z.object({ slug: slugSchema });
export const revisionParamsSchema = z.object({ slug: slugSchema, n: z.coerce.number().int().min(1) });
export const revisionDiffParamsSchema = z.object({
  slug: slugSchema,
  n: z.coerce.number().int().min(1),
  m: z.coerce.number().int().min(1),
});

export const listFilmsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().meta({ description: 'Part of the title or slug' }),
  status: filmStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).meta({ description: 'Page number, 1-based; pages hold `pageSize` films' }),
});

/** Which spoiler levels an import stores: the page's own markers, or the suggestions from its story. */
export const importLevelsSchema = z.enum(['page', 'suggested']);
export type ImportLevels = z.infer<typeof importLevelsSchema>;

export const importQuerySchema = z.object({
  slug: slugSchema.optional().meta({ description: "Import under this address instead of the page's own (when that one is taken)" }),
  levels: importLevelsSchema.default('page').meta({
    description:
      'page: the spoiler levels the page marks (unmarked items at full); suggested: every item at the level the page itself suggests (docs/spoiler-suggestions.md)',
  }),
});

export const exportQuerySchema = z.object({
  format: z.enum(['json', 'text']).default('json'),
  translations: z.enum(['true', 'false']).default('false').meta({
    description:
      'format=json: true adds `translations`, per language the translated texts by unit key that are up to date with this revision (outdated and missing ones are left out); importing the file imports them too',
  }),
  revision: z.coerce.number().int().min(1).optional().meta({ description: 'Defaults to the latest revision' }),
});

// ---------------------------------------------------------------- API request bodies

export const createFilmBodySchema = z.object({ content: filmContentApiSchema }).meta({ id: 'CreateFilmBody' });

export const saveFilmBodySchema = z
  .object({
    baseRevision: revisionNumberSchema.meta({ description: 'The revision this edit started from; a newer one gives 409' }),
    content: filmContentApiSchema,
    message: revisionMessageSchema.optional(),
  })
  .meta({ id: 'SaveFilmBody' });

export const publishBodySchema = z.object({ revision: revisionNumberSchema }).meta({ id: 'PublishBody' });

export const restoreBodySchema = z
  .object({ baseRevision: revisionNumberSchema.optional().meta({ description: 'Defaults to the latest revision' }) })
  .meta({ id: 'RestoreBody' });

export const presenceBodySchema = z
  .object({
    tabId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    action: z.enum(['heartbeat', 'take-over', 'leave']).default('heartbeat'),
  })
  // Inline, not a named component: generated clients (openapi-typescript) keep a defaulted field
  // optional only in a request body's own schema.
  .meta({ description: 'A heartbeat, a take-over or leaving' });

// ---------------------------------------------------------------- server-action inputs

/**
 * The editor's actions pass content through unparsed: createFilm and saveDraft validate it and
 * name wrong fields relative to the content ("events.0.title"), as the form expects.
 */
export const createFilmInputSchema = z.object({ title: z.string().max(1000), slug: z.string().max(1000) });

export const saveDraftInputSchema = z.object({
  slug: slugSchema,
  baseRevision: revisionNumberSchema,
  content: z.unknown(),
  message: revisionMessageSchema.default(''),
});

export const publishInputSchema = z.object({ slug: slugSchema, revision: revisionNumberSchema });

export const unpublishInputSchema = slugParamsSchema;

/** Restores revision `number` on top of `baseRevision`, the latest the editor saw. */
export const restoreInputSchema = z.object({ slug: slugSchema, number: revisionNumberSchema, baseRevision: revisionNumberSchema });
