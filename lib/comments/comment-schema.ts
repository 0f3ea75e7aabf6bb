import { z } from 'zod';
import { slugSchema } from '../content/schema';
import { revisionNumberSchema } from '../films/film-schema';

/**
 * One schema module for editorial comments. A comment is on the whole revision
 * (itemKey "") or on one part of the page, named as lib/films/diff names it: "premise",
 * "kind.ending", "events/<id>", "characters/<id>". Client-safe.
 */
export const itemKeySchema = z
  .string()
  .max(120)
  .regex(/^([a-zA-Z]+(\.[a-zA-Z]+)?(\/[A-Za-z0-9_-]+)?)?$/, 'Not an item of the page')
  .meta({
    description:
      'The item, as the diff names it: "" for the whole revision, a part ("premise", "kind.ending") or a list item ("events/<id>")',
  });

export const commentIdSchema = z.string().regex(/^[a-z0-9]{1,40}$/, 'Not a comment id');
export const commentBodyTextSchema = z.string().trim().min(1, 'Write a comment').max(4000, 'Use at most 4000 characters');

export const addCommentBodySchema = z
  .object({
    body: commentBodyTextSchema,
    itemKey: itemKeySchema.default(''),
    revision: revisionNumberSchema.optional().meta({ description: 'Defaults to the latest revision' }),
  })
  .meta({ description: 'A comment on a revision or one of its items (inline: see presenceBodySchema in lib/films/film-schema.ts)' });

export const updateCommentBodySchema = z
  .object({ resolved: z.boolean().meta({ description: 'true resolves the comment, false opens it again' }) })
  .meta({ id: 'UpdateCommentBody' });

export const commentParamsSchema = z.object({ slug: slugSchema, id: commentIdSchema });

export const listCommentsQuerySchema = z.object({
  state: z.enum(['open', 'resolved', 'all']).default('all'),
});

export const addCommentInputSchema = addCommentBodySchema.extend({ slug: slugSchema });
export const updateCommentInputSchema = updateCommentBodySchema.extend({ slug: slugSchema, id: commentIdSchema });
export const deleteCommentInputSchema = z.object({ slug: slugSchema, id: commentIdSchema });

export type AddCommentInput = z.input<typeof addCommentInputSchema>;
