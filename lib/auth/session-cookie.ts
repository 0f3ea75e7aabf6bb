import 'server-only';
import { getToken, type JWT } from 'next-auth/jwt';
import { authSecret } from './auth-secret';

/** next-auth's cookie: the "__Secure-" variant when the site is served over https. */
export const SESSION_COOKIE = 'next-auth.session-token';
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return cookies;
}

/**
 * The decoded session token (JWT) from a request's Cookie header, or null. Reading the headers
 * directly (not next/headers) lets route handlers be called in tests without a request scope.
 */
export async function readSessionToken(headers: Headers): Promise<JWT | null> {
  const cookies = parseCookies(headers.get('cookie'));
  // Only https can set a __Secure- cookie, so its presence says which name next-auth used.
  const secureCookie = Object.keys(cookies).some((name) => name.startsWith(SECURE_SESSION_COOKIE));
  // No Authorization header: getToken would otherwise try to read a Bearer value as a session JWT.
  const token = await getToken({ req: { cookies, headers: {} } as never, secret: authSecret(), secureCookie });
  return token && typeof token.uid === 'string' ? token : null;
}
