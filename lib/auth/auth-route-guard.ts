import type { NextRequest } from 'next/server';
import { safeLocalPath } from './safe-callback-url';

/**
 * What next-auth's route (app/api/auth/[...nextauth]) serves here, by method: the credentials
 * provider signs in by POST only, so a GET to its callback is not a sign-in (next-auth answers it
 * with a 500, "Callback for provider type credentials not supported").
 */
const SERVED: Record<string, ReadonlySet<string>> = {
  GET: new Set(['providers', 'session', 'csrf', 'signin', 'signout', 'error']),
  POST: new Set(['signin', 'signout', 'callback', 'session', '_log']),
};

const CALLBACK_COOKIES = ['next-auth.callback-url', '__Secure-next-auth.callback-url'];

export type AuthRefusal = { status: 400 | 404 | 405 | 415; message: string; headers?: Record<string, string> };

/** A callbackUrl next-auth may use: a path on this site, or an address on this site's origin. */
function isOwnCallback(value: string, request: NextRequest): boolean {
  if (value.startsWith('/')) return safeLocalPath(value, '') !== '';
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.host === request.headers.get('host') &&
      !/[\u0000-\u001f\u007f-\u009f\\]/.test(value)
    );
  } catch {
    return false;
  }
}

/**
 * A POST body next-auth can read: its client sends forms (sign-in, sign-out) and JSON (a session
 * update); next-auth parses JSON without catching, so a broken one was a 500. The request guard
 * has bounded the body (64 KiB) before it gets here.
 */
export async function refusedAuthBody(request: NextRequest): Promise<AuthRefusal | null> {
  if (request.method !== 'POST') return null;
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/json/i.test(type)) {
    try {
      JSON.parse(await request.clone().text());
    } catch {
      return { status: 400, message: 'The body is not valid JSON' };
    }
    return null;
  }
  if (type === '' || /^application\/x-www-form-urlencoded/i.test(type)) return null;
  return { status: 415, message: 'Send the body as application/x-www-form-urlencoded' };
}

/** Why a request to next-auth's route is refused before next-auth sees it, or null. */
export function refusedAuthRequest(request: NextRequest, segments: string[]): AuthRefusal | null {
  const [action = ''] = segments;
  const served = SERVED[request.method];
  if (!served) return { status: 405, message: `Method ${request.method} is not allowed here`, headers: { Allow: 'GET, POST' } };
  if (!served.has(action)) {
    const other = Object.keys(SERVED).filter((method) => SERVED[method].has(action));
    return other.length > 0
      ? {
          status: 405,
          message: `${request.method} /api/auth/${action} is not served: use ${other.join(' or ')}`,
          headers: { Allow: other.join(', ') },
        }
      : { status: 404, message: `No such sign-in action: ${action || '(none)'}` };
  }
  const callbackUrl = request.nextUrl.searchParams.get('callbackUrl');
  if (callbackUrl !== null && !isOwnCallback(callbackUrl, request))
    return { status: 400, message: 'callbackUrl: must be an address on this site' };
  for (const name of CALLBACK_COOKIES) {
    const value = request.cookies.get(name)?.value;
    if (value !== undefined && !isOwnCallback(value, request))
      return { status: 400, message: `The ${name} cookie must hold an address on this site` };
  }
  return null;
}
