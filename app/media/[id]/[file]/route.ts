import { apiHandler } from '@/lib/api/api-handler';
import { serveMedia } from '@/lib/media/serve-media';

/** An uploaded image's file (lib/media/serve-media.ts): public, immutable, cached for a year; `?v=` names a replaced file's version. */
export const GET = apiHandler<{ id: string; file: string }, null>(null, async ({ request, params }) =>
  serveMedia(params.id, params.file, request.headers.get('accept') ?? '', { version: request.nextUrl.searchParams.get('v') }),
);
