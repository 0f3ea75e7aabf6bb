import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { problemNameOf } from '@/lib/http/problem.mjs';
import { problemResponse } from '@/lib/api/problem';
import { authOptions } from '@/lib/auth/auth-options';
import { refusedAuthBody, refusedAuthRequest } from '@/lib/auth/auth-route-guard';
import { withKnownDeviceCookie } from '@/lib/auth/known-device';

const nextAuth = NextAuth(authOptions);

type Context = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth, behind a check of what it would fail on with a 500 and an error line: an action it
 * does not serve by that method (`GET /api/auth/callback/credentials`), a `callbackUrl` (query or
 * cookie) that is not this site, a JSON body that does not parse. A sign-in's response also
 * sets the known-device cookie (lib/auth/known-device.ts).
 */
async function handler(request: NextRequest, context: Context) {
  const refused = refusedAuthRequest(request, (await context.params).nextauth ?? []) ?? (await refusedAuthBody(request));
  if (refused) return problemResponse(problemNameOf(refused.status), request, { detail: refused.message, headers: refused.headers });
  return withKnownDeviceCookie(() => nextAuth(request, context));
}

export { handler as GET, handler as POST };
