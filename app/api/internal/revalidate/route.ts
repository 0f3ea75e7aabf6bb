import { z } from 'zod';
import { apiHandler } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { BODY_LIMITS, readBodyText } from '@/lib/api/read-body';
import { env } from '@/lib/env';
import { NotFoundError, UnauthorizedError, ValidationError } from '@/lib/errors';
import { SIGNATURE_HEADER, TIME_HEADER, verifyRevalidation } from '@/lib/cache/revalidation-signature';
import { invalidateFilmPages } from '@/lib/reader/film-cache';

const bodySchema = z.object({ slugs: z.array(z.string().min(1).max(200)).max(100) });

/**
 * POST /api/internal/revalidate `{slugs}`: refreshes this server's reader pages of these films and
 * every list, as a publish in the editor does. For commands that publish outside the server (the
 * import CLI) when there is no shared Redis cache. Signed with AUTH_SECRET (lib/cache/revalidation-signature.ts):
 * no user session is involved, and a server without a secret does not offer it.
 */
export const POST = apiHandler(null, async ({ request }) => {
  const secret = env().AUTH_SECRET;
  if (!secret) throw new NotFoundError();
  const text = await readBodyText(request, BODY_LIMITS.small);
  if (!verifyRevalidation(secret, request.headers.get(TIME_HEADER), request.headers.get(SIGNATURE_HEADER), text)) {
    throw new UnauthorizedError('Not signed with this deployment’s secret');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw ValidationError.field('(body)', 'Send a JSON body');
  }
  const { slugs } = parseInput(bodySchema, body);
  await invalidateFilmPages(...slugs);
  return new Response(null, { status: 204 });
});
