import 'server-only';
import type { Actor } from '../auth/permissions';
import { RateLimitError } from '../errors';
import { createRateLimiter } from '../rate-limit/create-rate-limiter';
import { keyedHash } from '../rate-limit/client-key';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { RateLimitInfo } from '../api/rate-limit-headers';

/** Images one user (or API token) may upload per window: a page's poster and stills, with room. */
export const UPLOAD_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

const globalForLimiter = globalThis as unknown as { uploadLimiter?: RateLimiter };

/** As clientLimit (lib/rate-limit/client-limit.ts): built with one more than allowed, so the first hit past the limit is refused. */
export function uploadLimiter(): RateLimiter {
  globalForLimiter.uploadLimiter ??= createRateLimiter('media-upload', { limit: UPLOAD_LIMIT.limit + 1, windowMs: UPLOAD_LIMIT.windowMs });
  return globalForLimiter.uploadLimiter;
}

/** Counts one upload of this actor; 429 with Retry-After past the limit; the quota for the RateLimit headers. */
export async function limitUploads(actor: Actor, limiter: RateLimiter = uploadLimiter()): Promise<RateLimitInfo> {
  const state = await limiter.hit(keyedHash(`media-upload|${actor.tokenId ?? actor.userId}`));
  const quota = { limit: UPLOAD_LIMIT.limit, state };
  if (state.limited) throw new RateLimitError(quota);
  return quota;
}
