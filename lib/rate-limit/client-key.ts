import 'server-only';
import { createHmac } from 'node:crypto';
import { authSecret } from '../auth/auth-secret';

/**
 * The client's address as the nearest proxy saw it: the last X-Forwarded-For entry (Next.js adds
 * one with the socket address when there is none; earlier entries are whatever the client sent),
 * else X-Real-IP.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = (headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean).pop();
  return forwarded || headers.get('x-real-ip')?.trim() || 'unknown';
}

/**
 * A key for counting one client's requests without storing its address: a keyed hash (HMAC with
 * the app secret, the same on every instance) of the scope and the address. Not reversible by
 * anyone reading Redis or a memory dump without the secret.
 */
export function anonymousClientKey(headers: Headers, scope: string): string {
  return createHmac('sha256', authSecret()).update(`${scope}|${clientAddress(headers)}`).digest('base64url').slice(0, 32);
}
