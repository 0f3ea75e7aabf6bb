import { buildOpenApiDocument } from '@/lib/api/openapi/build-openapi-document';

/** The API described as OpenAPI 3, generated from the zod schemas (never written by hand). */
export function GET() {
  return Response.json(buildOpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } });
}
