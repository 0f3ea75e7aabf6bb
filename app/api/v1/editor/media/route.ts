import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { listEnvelope } from '@/lib/api/list';
import { listMedia } from '@/lib/media/list-media';
import { readUpload } from '@/lib/media/read-upload';
import { uploadImage } from '@/lib/media/upload-image';

/** The media library (`?q=`, `?used=`, `?uploader=`, `?month=`, `?sort=`, `?page=`, `?pageSize=`): uploads with their uploader and where they are used. */
export const GET = apiOperation(editorOperations.listMedia, 'film.edit', async ({ actor, query }) => {
  const { items, total } = await listMedia({ actor, ...query });
  return listEnvelope(items, query, total);
});

/**
 * Uploads an image (multipart `file` field, or the raw body): 201 with the new asset, 200 with the
 * existing one when the same file was uploaded before. Not an image, a damaged one or one past the
 * pixel cap: 400 naming `file`; past 15 MiB: 413. Nothing is stored on failure.
 */
export const POST = apiOperation(editorOperations.uploadImage, 'film.edit', async ({ request, actor }) => {
  const { asset, created } = await uploadImage({ actor, ...(await readUpload(request)) });
  return NextResponse.json({ image: asset }, { status: created ? 201 : 200 });
});
