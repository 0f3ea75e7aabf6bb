import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed cache invalidation between processes of one deployment: a command that publishes (the
 * import CLI) asks the running server to refresh its reader pages. The request is signed with the
 * deployment's AUTH_SECRET over the time and the body, so nobody else can empty the cache, and an
 * old request cannot be replayed after MAX_AGE_MS.
 */
export const SIGNATURE_HEADER = 'x-cms-signature';
export const TIME_HEADER = 'x-cms-time';
const MAX_AGE_MS = 5 * 60_000;

export function signRevalidation(secret: string, time: number, body: string): string {
  return createHmac('sha256', secret).update(`${time}\n${body}`).digest('hex');
}

export function verifyRevalidation(secret: string, time: string | null, signature: string | null, body: string, now = Date.now()): boolean {
  const sent = Number(time);
  if (!Number.isSafeInteger(sent) || Math.abs(now - sent) > MAX_AGE_MS || !signature) return false;
  const expected = Buffer.from(signRevalidation(secret, sent, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
