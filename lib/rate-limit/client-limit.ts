import 'server-only';
import { RateLimitError } from '../errors';
import { createRateLimiter } from './create-rate-limiter';
import { anonymousClientKey } from './client-key';
import type { RateLimiter } from './rate-limiter';
import type { RateLimitInfo } from '../api/rate-limit-headers';

const limiters = globalThis as unknown as { clientLimiters?: Map<string, RateLimiter> };

/**
 * A limit on what one anonymous client (its address) may do per window under `scope`: one atomic
 * hit per request, no check-then-hit race. The limiter reports "limited" from the hit that reaches
 * its limit, so it is built with one more than the allowed number: the first request past `limit`
 * is the first refused. One limiter per scope and process (Redis-backed with REDIS_URL).
 */
export function clientLimit(scope: string, { limit, windowMs }: { limit: number; windowMs: number }) {
  const limiter = (): RateLimiter => {
    limiters.clientLimiters ??= new Map();
    let existing = limiters.clientLimiters.get(scope);
    if (!existing) {
      existing = createRateLimiter(scope, { limit: limit + 1, windowMs });
      limiters.clientLimiters.set(scope, existing);
    }
    return existing;
  };
  /** Counts one request of the client behind these headers; 429 with Retry-After past the limit; the quota for the RateLimit headers. */
  const hit = async (headers: Headers, using: RateLimiter = limiter()): Promise<RateLimitInfo> => {
    const state = await using.hit(anonymousClientKey(headers, scope));
    const quota = { limit, state };
    if (state.limited) throw new RateLimitError(quota);
    return quota;
  };
  return { limiter, hit };
}
