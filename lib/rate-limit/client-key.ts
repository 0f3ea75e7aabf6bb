import 'server-only';
import { createHmac } from 'node:crypto';
import { authSecret } from '../auth/auth-secret';

/**
 * The client's address. The production server (server/serve.mjs) replaces X-Forwarded-For with
 * the one address it can vouch for, from the socket and TRUSTED_PROXIES (lib/ops/client-address.mjs),
 * so a client cannot choose it. Without that wrapper (`next dev`) the header is whatever the client
 * sent: the last entry (Next.js adds the socket address when there is none), else X-Real-IP.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  return forwarded || headers.get('x-real-ip')?.trim() || 'unknown';
}

/**
 * A key for counting one client's requests without storing its address: a keyed hash (HMAC with
 * the app secret, the same on every instance) of the scope and the address. Not reversible by
 * anyone reading Redis or a memory dump without the secret.
 */
export function anonymousClientKey(headers: Headers, scope: string): string {
  return keyedHash(`${scope}|${clientAddress(headers)}`);
}

/** The keyed hash behind every limiter key (e.g. an email alone, for a per-account limit). */
export function keyedHash(value: string): string {
  return createHmac('sha256', authSecret()).update(value).digest('base64url').slice(0, 32);
}
