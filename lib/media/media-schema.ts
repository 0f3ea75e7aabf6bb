import { z } from 'zod';
import { imageIdSchema } from '../page/parts/images';

/**
 * The media library's inputs and views, client-safe: the server actions, the route handlers and the
 * library's forms validate with these (the OpenAPI document is made from lib/api/schemas/media-api.ts,
 * which reuses them).
 */

/** One coordinate of a focal point: 0 is the left (top) edge, 1 the right (bottom) one. */
const coordinate = (axis: string) =>
  z
    .number({ error: `The focal point's ${axis} must be a number from 0 to 1` })
    .min(0, `The focal point's ${axis} must be from 0 to 1`)
    .max(1, `The focal point's ${axis} must be from 0 to 1`);

export const focalPointSchema = z.object({ x: coordinate('x'), y: coordinate('y') });
export type FocalPoint = z.output<typeof focalPointSchema>;

export const mediaIdSchema = z.object({ id: imageIdSchema });
export const setFocalPointInputSchema = z.object({ id: imageIdSchema, x: coordinate('x'), y: coordinate('y') });

export const MEDIA_PAGE_SIZE = 48;

/** The library's orders: `size` is the largest upload first, `name` the file name A to Z (unnamed last). */
export const MEDIA_SORTS = ['newest', 'oldest', 'name', 'size'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];
export const MEDIA_SORT_LABELS: Record<MediaSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'File name, A to Z',
  size: 'Largest first',
};
export const MEDIA_USE_FILTERS = ['used', 'unused'] as const;
export type MediaUseFilter = (typeof MEDIA_USE_FILTERS)[number];

/**
 * The library's filters (the page's query string and `GET /api/v1/editor/media`; paging and `sort`
 * are added by lib/api/schemas/list-queries.ts). `used` counts every use find-image-uses.ts lists,
 * an earlier revision or an autosave included: `unused` is exactly what may be deleted.
 */
export const listMediaQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search with at most 200 characters').optional().meta({
    description:
      'Part of the file name, of an alt text the image has in a film or as a photo, of the title of a film naming it, or of the name of the person whose photo it is or was',
  }),
  used: z
    .enum(MEDIA_USE_FILTERS, { error: 'Filter by used or unused' })
    .optional()
    .meta({ description: '`used`: something uses the image (it cannot be deleted); `unused`: nothing does' }),
  uploader: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Name the uploader by their user id')
    .optional()
    .meta({ description: 'Only this user’s uploads (a user id)' }),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM')
    .optional()
    .meta({ description: 'Only uploads of this month (UTC), YYYY-MM' }),
});
export type MediaFilters = z.output<typeof listMediaQuerySchema>;

/**
 * Where an image is used. A film's poster or still in its latest draft or in its published
 * revision (each with its own alt text: alt text belongs to the use, not the file), a person's
 * photo; and what keeps it without showing it: an earlier revision of a film or of a person
 * (restorable) or someone's unsaved changes to either (an autosave).
 */
export type MediaUse =
  | { kind: 'film'; where: 'draft' | 'published'; role: 'poster' | 'still'; slug: string; title: string; alt: string }
  | { kind: 'history' | 'autosave'; slug: string; title: string }
  | { kind: 'person'; slug: string; name: string; alt: string }
  | { kind: 'person-history' | 'person-autosave'; slug: string; name: string };

/** "the poster of “Kiss and Cry” (latest draft)", for lists and the refusal to delete. */
export function describeUse(use: MediaUse): string {
  switch (use.kind) {
    case 'film':
      return `the ${use.role} of “${use.title}” (${use.where === 'draft' ? 'latest draft' : 'published'})`;
    case 'history':
      return `an earlier revision of “${use.title}”`;
    case 'autosave':
      return `unsaved changes to “${use.title}”`;
    case 'person':
      return `the photo of ${use.name}`;
    case 'person-history':
      return `an earlier revision of ${use.name}’s profile`;
    case 'person-autosave':
      return `unsaved changes to ${use.name}’s profile`;
  }
}

/** CSS object-position for a focal point: where a crop keeps the subject. */
export const objectPosition = ({ x, y }: FocalPoint) => `${round(x * 100)}% ${round(y * 100)}%`;
const round = (n: number) => Math.round(n * 10) / 10;

/** How many images one version lookup may name (a film's poster and stills, a compare view's two sides). */
export const MAX_VERSION_LOOKUP = 100;

/** `?ids=a,b,c`: the images whose versions the editor's thumbnails need (get-image-versions.ts). */
export const imageVersionsQuerySchema = z.object({
  ids: z
    .string({ error: 'Name the images: ids=…,…' })
    .transform((ids) => [...new Set(ids.split(',').filter(Boolean))])
    .pipe(z.array(imageIdSchema).min(1, 'Name at least one image').max(MAX_VERSION_LOOKUP, `At most ${MAX_VERSION_LOOKUP} images at once`)),
});
