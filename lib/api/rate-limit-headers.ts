import type { RateLimitState } from '../rate-limit/rate-limiter';

/** A limited route's quota: the allowed number per window and the limiter's state after this request. */
export type RateLimitInfo = { limit: number; state: RateLimitState };

/**
 * The quota as headers, per the IETF draft's three fields (draft-ietf-httpapi-ratelimit-headers-06:
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` in seconds; docs/api.md), and
 * `Retry-After` once the client is limited. The limiters are built with one hit more than allowed
 * (the hit that passes the limit is the first refused), so what remains is one less than they say.
 */
export function rateLimitHeaders({ limit, state }: RateLimitInfo): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(state.limited ? 0 : Math.max(0, state.remaining - 1)),
    'RateLimit-Reset': String(state.resetSeconds ?? state.retryAfterSeconds),
  };
  if (state.limited) headers['Retry-After'] = String(state.retryAfterSeconds);
  return headers;
}
