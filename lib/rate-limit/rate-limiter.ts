/**
 * Counts attempts per key in a fixed window. Behind this interface so the in-memory limiter and the
 * Redis one (several instances counting together) are interchangeable for their callers.
 */
export type RateLimitState = {
  limited: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /** Seconds until the window starts again (the RateLimit-Reset header); 0 when nothing was counted. */
  resetSeconds?: number;
};

export interface RateLimiter {
  /** The key's state now, without counting anything. */
  check(key: string): Promise<RateLimitState>;
  /** Counts one attempt (atomically) and returns the new state: limited from the hit that reaches the limit. */
  hit(key: string): Promise<RateLimitState>;
  /** Forgets the key (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

export type RateLimitOptions = { limit: number; windowMs: number };
