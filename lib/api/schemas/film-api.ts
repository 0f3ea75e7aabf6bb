import { z } from 'zod';
import { slugSchema } from '../../content/schema';
import { filmContentApiSchema, filmStatusSchema, importLevelsSchema, revisionNumberSchema } from '../../films/film-schema';
import { isoDateTime } from './common-api';
import { listSchema } from '../list';
import { problemSchema } from './common-api';

/**
 * The editorial film API's responses (docs/product.md, "Addresses"); its requests are in
 * lib/films/film-schema.ts, shared with the editor's server actions. The OpenAPI document is
 * generated from both, so it cannot drift from what the route handlers accept and answer.
 *
 * Validation errors name content fields relative to the content ("title", "events.0.title"), the
 * way the domain layer, the editor form and the importer name them; other body fields by their
 * own name ("baseRevision").
 */
// ---------------------------------------------------------------- responses

/** 409 from an import: the page's address is taken by this film. */
export const slugTakenBodySchema = problemSchema
  .extend({
    field: z.literal('slug'),
    existing: z.object({ slug: slugSchema, title: z.string(), editorUrl: z.string().meta({ description: "The film's editor page" }) }),
    free: slugSchema.nullable().optional().meta({ description: 'A free address to import under instead (`?slug=`)' }),
  })
  .meta({ id: 'SlugTaken' });

export const revisionSourceSchema = z.enum(['CREATE', 'SAVE', 'RESTORE', 'IMPORT']);

export const revisionSummarySchema = z
  .object({
    number: revisionNumberSchema,
    message: z.string(),
    source: revisionSourceSchema,
    author: z.string().nullable().meta({ description: 'Email of the author (null for the system)' }),
    createdAt: isoDateTime,
  })
  .meta({ id: 'RevisionSummary' });

export const createdFilmSchema = z.object({ slug: slugSchema, revision: revisionNumberSchema }).meta({ id: 'CreatedFilm' });

export const draftSchema = z
  .object({
    slug: slugSchema,
    revision: revisionNumberSchema,
    content: filmContentApiSchema,
    published: revisionNumberSchema.nullable().meta({ description: 'The published revision, or null' }),
  })
  .meta({ id: 'Draft' });

export const savedRevisionSchema = z.object({ slug: slugSchema, revision: revisionNumberSchema }).meta({ id: 'SavedRevision' });

export const saveConflictSchema = problemSchema
  .extend({
    baseRevision: revisionNumberSchema,
    current: revisionSummarySchema.extend({ content: filmContentApiSchema }).meta({ description: 'The latest revision (theirs)' }),
    yours: filmContentApiSchema.meta({ description: 'The content that was not saved' }),
  })
  .meta({ id: 'SaveConflict' });

export const filmListItemSchema = z
  .object({
    slug: slugSchema,
    title: z.string(),
    status: filmStatusSchema,
    revision: revisionNumberSchema.meta({ description: 'The latest revision' }),
    published: revisionNumberSchema.nullable(),
    updatedAt: isoDateTime.meta({ description: 'When the latest revision was saved' }),
    author: z.string().nullable().meta({ description: 'Who saved the latest revision' }),
  })
  .meta({ id: 'FilmListItem' });

export const filmListSchema = listSchema(filmListItemSchema, 'FilmList', 'One page of the films');

export const revisionListItemSchema = revisionSummarySchema
  .extend({ restoredFrom: revisionNumberSchema.nullable(), published: z.boolean(), latest: z.boolean() })
  .meta({ id: 'RevisionListItem' });

export const revisionListSchema = listSchema(revisionListItemSchema, 'RevisionList', 'One page of the history');

export const revisionSchema = revisionSummarySchema
  .extend({ published: z.boolean(), content: filmContentApiSchema })
  .meta({ id: 'Revision' });

export const publishResultSchema = z.object({ slug: slugSchema, revision: revisionNumberSchema }).meta({ id: 'PublishResult' });

export const unpublishResultSchema = z
  .object({ slug: slugSchema, unpublished: z.boolean().meta({ description: 'false when the film was not on the site' }) })
  .meta({ id: 'UnpublishResult' });

export const restoredRevisionSchema = z
  .object({ slug: slugSchema, revision: revisionNumberSchema, restoredFrom: revisionNumberSchema })
  .meta({ id: 'RestoredRevision' });

// ---------------------------------------------------------------- history comparison and presence

/** Any JSON object: its members vary by part (OpenAPI 3.0 has no "any value" a validator accepts but `{}`). */
const diffEntrySchema = z.looseObject({}).meta({ additionalProperties: true });

export const filmDiffApiSchema = z.object({
  identical: z.boolean(),
  summary: z.string().meta({ description: '"premise edited, 2 events added, event 5 moved, …"' }),
  entries: z
    .array(diffEntrySchema)
    .meta({ description: 'One per part or list item (matched by id) with its changed fields; text fields carry a word diff' }),
  flags: z.array(diffEntrySchema).meta({ description: 'Changes that make spoiling content more visible' }),
});

const comparedRevisionSchema = revisionSummarySchema.extend({
  restoredFrom: revisionNumberSchema.nullable(),
  published: z.boolean(),
  latest: z.boolean(),
});

export const revisionComparisonSchema = z
  .object({
    slug: slugSchema,
    title: z.string(),
    from: comparedRevisionSchema,
    to: comparedRevisionSchema,
    diff: filmDiffApiSchema,
  })
  .meta({ id: 'RevisionComparison' });

const presentEditorSchema = z.object({
  user: z.string(),
  isYou: z.boolean(),
  thisTab: z.boolean(),
  holdsLock: z.boolean(),
  openedSecondsAgo: z.int(),
  seenSecondsAgo: z.int(),
});

export const presenceStateSchema = z
  .object({
    holdsLock: z.boolean(),
    registered: z.boolean(),
    lockHolder: presentEditorSchema.nullable(),
    others: z.array(presentEditorSchema),
    heartbeatSeconds: z.int(),
  })
  .meta({ id: 'PresenceState' });

export const importWarningSchema = z
  .object({
    line: z.int().meta({ description: 'The page line it is about; 0 when it is about no one line' }),
    message: z.string(),
    kind: z.enum(['count', 'unplaced', 'marker', 'section', 'invalid', 'skipped']),
  })
  .meta({ id: 'ImportWarning' });

export const importResultSchema = z
  .object({
    slug: slugSchema,
    revision: revisionNumberSchema,
    levels: importLevelsSchema.meta({ description: 'Which spoiler levels were stored' }),
    warnings: z.array(importWarningSchema),
    translations: z.array(z.string()).meta({
      description:
        'The languages of the JSON export’s `translations`, each imported as its revision 1 (published with the page by the CLI’s --publish)',
    }),
  })
  .meta({ id: 'ImportResult' });
