import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { db } from '../db';
import { authSecret } from './auth-secret';

/**
 * "Known device" and "known address": where an account signed in successfully before. Sign-ins
 * from either are exempt from the throttle that failures from anywhere put on the account, so an
 * attacker cannot lock the owner out (lib/auth/authenticate.ts).
 *
 * The device cookie is set on a successful sign-in and only sent to /api/auth. It holds up to
 * KNOWN_DEVICE_MAX entries `nonce.mac`, mac = HMAC(AUTH_SECRET, user id and nonce): no user id in
 * it, and nobody without the secret can make one that names an account.
 */
export const KNOWN_DEVICE_COOKIE = 'cms-known-device';
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 3600;
const KNOWN_DEVICE_MAX = 5;
/** How long a successful sign-in makes its address known to the account. */
export const KNOWN_ADDRESS_DAYS = 90;

const mac = (userId: string, nonce: string) =>
  createHmac('sha256', authSecret()).update(`known-device|${userId}|${nonce}`).digest('base64url');

function entries(headers: Headers): string[] {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === KNOWN_DEVICE_COOKIE)
      return part
        .slice(index + 1)
        .trim()
        .split('~')
        .filter((entry) => /^[\w-]{1,64}\.[\w-]{43}$/.test(entry))
        .slice(0, KNOWN_DEVICE_MAX);
  }
  return [];
}

/** The nonce of this browser's device entry for the user, or null when it has none. */
export function knownDevice(headers: Headers, userId: string): string | null {
  for (const entry of entries(headers)) {
    const [nonce, given] = entry.split('.');
    const expected = Buffer.from(mac(userId, nonce));
    if (Buffer.from(given).length === expected.length && timingSafeEqual(Buffer.from(given), expected)) return nonce;
  }
  return null;
}

/** The cookie's new value after a sign-in of the user: their entry first (kept or new), others after. */
export function knownDeviceCookieValue(headers: Headers, userId: string): string {
  const existing = knownDevice(headers, userId);
  const nonce = existing ?? randomBytes(16).toString('base64url');
  const own = `${nonce}.${mac(userId, nonce)}`;
  return [own, ...entries(headers).filter((entry) => entry !== own)].slice(0, KNOWN_DEVICE_MAX).join('~');
}

/** The Set-Cookie header of that value; Secure when the session cookie is (the site is on https). */
export function knownDeviceSetCookie(value: string, secure: boolean): string {
  return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether the user signed in successfully from this address within KNOWN_ADDRESS_DAYS (from the sign-in audit rows). */
export async function isKnownAddress(userId: string, ip: string): Promise<boolean> {
  if (ip === 'unknown') return false;
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 24 * 3600 * 1000);
  const row = await db().auditLog.findFirst({
    where: { actorId: userId, action: 'auth.sign-in', createdAt: { gte: since }, details: { path: ['ip'], equals: ip } },
    select: { id: true },
  });
  return row !== null;
}

/**
 * next-auth's authorize() cannot set a cookie: it leaves the value here, and the route
 * (app/api/auth/[...nextauth]) sets it on the response of a sign-in that set a session.
 */
const pending = new AsyncLocalStorage<{ knownDevice?: string }>();

export function rememberKnownDevice(value: string): void {
  const store = pending.getStore();
  if (store) store.knownDevice = value;
}

/** Runs next-auth's handler, then adds the known-device cookie to a response that signed someone in. */
export async function withKnownDeviceCookie(handle: () => Promise<Response>): Promise<Response> {
  const store: { knownDevice?: string } = {};
  const response = await pending.run(store, handle);
  const session = response.headers.getSetCookie().find((cookie) => /^(__Secure-)?next-auth\.session-token=[^;]/.test(cookie));
  if (store.knownDevice && session)
    response.headers.append('Set-Cookie', knownDeviceSetCookie(store.knownDevice, session.startsWith('__Secure-')));
  return response;
}
