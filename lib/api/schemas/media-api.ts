import { z } from 'zod';
import { slugSchema } from '../../content/schema';
import { imageIdSchema } from '../../page/parts/images';
import { isoDateTime } from './common-api';
import { focalPointSchema, listMediaQuerySchema, mediaIdSchema } from '../../media/media-schema';
import { listSchema } from '../list';
import { conflictProblemSchema } from './common-api';

/** The media API's requests and responses: the route handlers validate with these, the OpenAPI document is made from them. */

export const imageAssetSchema = z
  .object({
    id: imageIdSchema,
    fileName: z.string().nullable().meta({ description: 'The uploaded file’s name; null for a raw-body upload or an older one' }),
    width: z.int(),
    height: z.int(),
    mime: z.string().meta({ description: 'The type sniffed from the uploaded bytes' }),
    bytes: z.int(),
    variants: z.array(z.object({ name: z.string(), width: z.int(), height: z.int(), format: z.enum(['avif', 'webp']), bytes: z.int() })),
    thumbnail: z.string().meta({ description: 'Address of the smallest WebP file, at the current version' }),
    version: z
      .int()
      .meta({ description: 'Goes up each time the file is replaced; from 2 on, the files are addressed with `?v={version}`' }),
    createdAt: isoDateTime,
  })
  .meta({
    id: 'ImageAsset',
    description:
      'An uploaded image: its files are at /media/{id}/{name}.{format} (or /media/{id}/{name}, AVIF or WebP by Accept), with `?v={version}` once replaced',
  });

export const uploadedImageSchema = z.object({ image: imageAssetSchema });

export const personPhotoParamsSchema = z.object({ slug: slugSchema });

export const personPhotoBodySchema = z
  .object({
    image: imageIdSchema.nullable().meta({ description: 'An uploaded image id, or null to remove the photo' }),
    alt: z.string().trim().max(300).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.image && body.alt === '') ctx.addIssue({ code: 'custom', path: ['alt'], message: 'Alt text is required' });
  });

export const personPhotoSchema = z.object({ slug: slugSchema, image: imageIdSchema.nullable(), alt: z.string() });

export { focalPointSchema, listMediaQuerySchema, mediaIdSchema };

const filmRef = { slug: z.string(), title: z.string() };
const personRef = { slug: z.string(), name: z.string().meta({ description: 'The name the published pages give them, else the slug' }) };
export const mediaUseSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('film'),
      where: z.enum(['draft', 'published']),
      role: z.enum(['poster', 'still']),
      ...filmRef,
      alt: z.string().meta({ description: 'The alt text of this use (alt text belongs to the use, not the file)' }),
    }),
    z.object({ kind: z.enum(['history', 'autosave']), ...filmRef }).meta({
      description: 'Kept by an earlier revision of the film (restorable) or by someone’s unsaved changes',
    }),
    z.object({ kind: z.literal('person'), slug: z.string(), name: z.string(), alt: z.string() }),
    z.object({ kind: z.enum(['person-history', 'person-autosave']), ...personRef }).meta({
      description:
        'Kept by an earlier revision of the person’s profile (restorable; its history is at /editor/people/{slug}/history) or by someone’s unsaved changes to it',
    }),
  ])
  .meta({ id: 'MediaUse' });

export const mediaItemSchema = imageAssetSchema
  .extend({
    focal: focalPointSchema,
    uploader: z.string().nullable(),
    uses: z.array(mediaUseSchema).meta({ description: 'Empty: nothing uses the image, it may be deleted' }),
  })
  .meta({ id: 'MediaItem' });

export const mediaListSchema = listSchema(mediaItemSchema, 'MediaList', 'One page of the library');
export const replacedImageSchema = z.object({ image: imageAssetSchema });
export const focalPointResultSchema = z.object({ id: imageIdSchema, focal: focalPointSchema });
export const deletedImageSchema = z.object({ id: imageIdSchema, deleted: z.literal(true) });
export const imageInUseSchema = conflictProblemSchema({ uses: z.array(mediaUseSchema) }).meta({ id: 'ImageInUse' });
export const alreadyUploadedSchema = conflictProblemSchema({
  image: imageIdSchema.meta({ description: 'The image holding this file, or the image replaced meanwhile' }),
  version: z.int().optional().meta({ description: 'Replaced meanwhile: the image’s version now' }),
}).meta({ id: 'ImageConflict' });
