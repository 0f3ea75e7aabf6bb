import 'server-only';

const DEVELOPMENT_SECRET = 'development-only-secret-not-for-production-use-0123456789';

/**
 * Read at request time, not import time, so `next build` works without secrets. A production server
 * refuses to start without AUTH_SECRET (lib/env.ts, checked in instrumentation.ts).
 */
export function authSecret(): string {
  const secret = process.env.AUTH_SECRET;
  if (secret) return secret;
  if (process.env.NODE_ENV === 'production' && process.env.CMS_DEMO_MODE !== '1') throw new Error('AUTH_SECRET is required in production');
  return DEVELOPMENT_SECRET;
}
