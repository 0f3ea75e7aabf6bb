import type { RateLimiter, RateLimitOptions, RateLimitState } from './rate-limiter';

type Window = { count: number; resetAt: number };

/**
 * One process's memory: enough for a single instance. With several instances each one counts on
 * its own (an attacker gets `limit` tries per instance), so those use the Redis limiter.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async check(key: string): Promise<RateLimitState> {
    return this.state(this.current(key));
  }

  async hit(key: string): Promise<RateLimitState> {
    let window = this.current(key);
    if (!window) {
      window = { count: 0, resetAt: this.now() + this.options.windowMs };
      this.windows.set(key, window);
      this.prune();
    }
    window.count += 1;
    return this.state(window);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private state(window: Window | undefined): RateLimitState {
    const count = window?.count ?? 0;
    const limited = count >= this.options.limit;
    return {
      limited,
      remaining: Math.max(0, this.options.limit - count),
      retryAfterSeconds: limited && window ? Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000)) : 0,
      resetSeconds: window ? Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000)) : 0,
    };
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private prune(): void {
    if (this.windows.size < 10_000) return;
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
