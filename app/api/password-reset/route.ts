import { after, NextResponse } from 'next/server';
import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { rateLimitHeaders } from '@/lib/api/rate-limit-headers';
import { NotFoundError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { mailConfigured } from '@/lib/mail/send-mail';
import { limitPasswordResets } from '@/lib/users/limit-password-links';
import { requestPasswordReset, RESET_REQUESTED } from '@/lib/users/request-password-reset';
import { requestPasswordResetSchema } from '@/lib/users/user-schema';

/**
 * `POST /api/password-reset` `{email}`: "Forgot your password?" on /login. Public, and only with
 * mail configured (404 otherwise). 400 names the field; 429 with Retry-After past
 * PASSWORD_RESET_LIMIT requests from one client, before the body is read. Otherwise always 202 with
 * the same body, and the lookup and the mail happen after the answer is sent, so neither the
 * answer nor its timing says whether the address has an account.
 */
export const POST = apiHandler(null, async ({ request }) => {
  const quota = await limitPasswordResets(request.headers);
  if (!mailConfigured()) throw new NotFoundError('Password resets by mail are not available: ask an admin.');
  const input = parseInput(requestPasswordResetSchema, await readJson(request));
  after(async () => {
    try {
      await requestPasswordReset(input);
    } catch (error) {
      logger.error({ err: error }, 'password reset request failed');
    }
  });
  return NextResponse.json(
    { message: RESET_REQUESTED },
    { status: 202, headers: { 'Cache-Control': 'no-store', ...rateLimitHeaders(quota) } },
  );
});
