import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/api-handler';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { listMediaQuerySchema } from '@/lib/media/media-schema';
import { listMedia } from '@/lib/media/list-media';
import { readUpload } from '@/lib/media/read-upload';
import { uploadImage } from '@/lib/media/upload-image';

/** The media library, newest first (`?page=`): every upload with its uploader and where it is used. */
export const GET = apiHandler('film.edit', async ({ request, actor }) => {
  const { page } = parseInput(listMediaQuerySchema, queryOf(request));
  return listMedia({ actor, page });
});

/**
 * Uploads an image (multipart `file` field, or the raw body): 201 with the new asset, 200 with the
 * existing one when the same file was uploaded before. Not an image, a damaged one or one past the
 * pixel cap: 400 naming `file`; past 15 MiB: 413. Nothing is stored on failure.
 */
export const POST = apiHandler('film.edit', async ({ request, actor }) => {
  const { asset, created } = await uploadImage({ actor, data: await readUpload(request) });
  return NextResponse.json({ image: asset }, { status: created ? 201 : 200 });
});
