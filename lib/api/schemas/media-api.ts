import { z } from 'zod';
import { slugSchema } from '../../content/schema';
import { imageIdSchema } from '../../page/parts/images';
import { isoDateTime } from './common-api';

/** The media API's requests and responses: the route handlers validate with these, the OpenAPI document is made from them. */

export const imageAssetSchema = z
  .object({
    id: imageIdSchema,
    width: z.int(),
    height: z.int(),
    mime: z.string().meta({ description: 'The type sniffed from the uploaded bytes' }),
    bytes: z.int(),
    variants: z.array(z.object({ name: z.string(), width: z.int(), height: z.int(), format: z.enum(['avif', 'webp']), bytes: z.int() })),
    thumbnail: z.string().meta({ description: 'Address of the smallest WebP file' }),
    createdAt: isoDateTime,
  })
  .meta({
    id: 'ImageAsset',
    description: 'An uploaded image: its files are at /media/{id}/{name}.{format} (or /media/{id}/{name}, AVIF or WebP by Accept)',
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
