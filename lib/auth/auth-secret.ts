import 'server-only';
import { siteEnv } from '../env';

const DEVELOPMENT_SECRET = 'development-only-secret-not-for-production-use-0123456789';

/**
 * Read at request time, not import time, so `next build` works without secrets. A production server
 * refuses to start without AUTH_SECRET (lib/env.ts, checked in instrumentation.ts).
 */
export function authSecret(): string {
  const { AUTH_SECRET, NODE_ENV, CMS_DEMO_MODE } = siteEnv();
  if (AUTH_SECRET) return AUTH_SECRET;
  if (NODE_ENV === 'production' && CMS_DEMO_MODE !== '1') throw new Error('AUTH_SECRET is required in production');
  return DEVELOPMENT_SECRET;
}
