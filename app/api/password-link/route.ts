import { NextResponse } from 'next/server';
import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { limitPasswordLinks } from '@/lib/users/limit-password-links';
import { rateLimitHeaders } from '@/lib/api/rate-limit-headers';
import { redeemPasswordLink } from '@/lib/users/redeem-password-link';
import { setPasswordSchema } from '@/lib/users/user-schema';

/**
 * `POST /api/password-link` `{token, newPassword, confirmPassword}`: the set-password page's form
 * (an invitation or a reset). Public: the one-time token is the credential. 400 names the field;
 * 404 an unknown link, 409 a used or expired one, 403 a disabled account; 429 with Retry-After
 * past PASSWORD_LINK_LIMIT requests from one client, before the body is read.
 */
export const POST = apiHandler(null, async ({ request }) => {
  const quota = await limitPasswordLinks(request.headers);
  const input = parseInput(setPasswordSchema, await readJson(request));
  return NextResponse.json(await redeemPasswordLink(input), { headers: { 'Cache-Control': 'no-store', ...rateLimitHeaders(quota) } });
});
