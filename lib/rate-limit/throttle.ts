import type { RateLimitState } from './rate-limiter';

/**
 * Progressive throttling: the first `free` counted attempts of a key go through at once; from then
 * on each one makes the next wait, twice as long each time (baseDelayMs, 2×, 4×, … up to
 * maxDelayMs). A key is forgotten forgetMs after its last counted attempt, or on reset. Refused
 * attempts are not counted, so a caller hammering a throttled key does not push the wait further.
 */
export type ThrottleOptions = { free: number; baseDelayMs: number; maxDelayMs: number; forgetMs: number };

export interface Throttle {
  /** The key's state now, without counting anything. */
  check(key: string): Promise<RateLimitState>;
  /** Atomically: refused (not counted) while the key must wait, else counted and let through. */
  hit(key: string): Promise<RateLimitState>;
  /** Counts one failure of an attempt that was let through (after a check), whatever the wait. */
  fail(key: string): Promise<RateLimitState>;
  reset(key: string): Promise<void>;
}

/** How long the attempt after the `count`th counted one must wait. */
export function throttleDelayMs(count: number, { free, baseDelayMs, maxDelayMs }: ThrottleOptions): number {
  if (count < free) return 0;
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(count - free, 40));
}

/** The state of a key counted `count` times that may be tried again at `nextAt` (ms). */
export function throttleState(count: number, nextAt: number, now: number, options: ThrottleOptions): RateLimitState {
  const waitMs = nextAt - now;
  return {
    limited: waitMs > 0,
    remaining: Math.max(0, options.free - count),
    retryAfterSeconds: waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0,
  };
}

/** The state of an attempt that was counted, and so let through. */
export const counted = (count: number, options: ThrottleOptions): RateLimitState => ({
  limited: false,
  remaining: Math.max(0, options.free - count),
  retryAfterSeconds: 0,
});

type Entry = { count: number; nextAt: number; forgetAt: number };

/** One process's memory: a single instance, development, tests (several instances use Redis). */
export class MemoryThrottle implements Throttle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: ThrottleOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async check(key: string): Promise<RateLimitState> {
    const entry = this.current(key);
    return throttleState(entry?.count ?? 0, entry?.nextAt ?? 0, this.now(), this.options);
  }

  async hit(key: string): Promise<RateLimitState> {
    return this.count(key, false);
  }

  async fail(key: string): Promise<RateLimitState> {
    return this.count(key, true);
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private count(key: string, always: boolean): RateLimitState {
    const now = this.now();
    const entry = this.current(key) ?? { count: 0, nextAt: 0, forgetAt: 0 };
    if (!always && entry.nextAt > now) return throttleState(entry.count, entry.nextAt, now, this.options);
    entry.count += 1;
    entry.nextAt = now + throttleDelayMs(entry.count, this.options);
    entry.forgetAt = now + this.options.forgetMs;
    this.entries.set(key, entry);
    this.prune(now);
    return counted(entry.count, this.options);
  }

  private current(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.forgetAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private prune(now: number): void {
    if (this.entries.size < 10_000) return;
    for (const [key, entry] of this.entries) if (entry.forgetAt <= now) this.entries.delete(key);
  }
}
