import NextAuth from 'next-auth';
import { NextResponse, type NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/auth-options';
import { refusedAuthBody, refusedAuthRequest } from '@/lib/auth/auth-route-guard';

const nextAuth = NextAuth(authOptions);

type Context = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth, behind a check of what it would fail on with a 500 and an error line: an action it
 * does not serve by that method (`GET /api/auth/callback/credentials`), a `callbackUrl` (query or
 * cookie) that is not this site, a JSON body that does not parse.
 */
async function handler(request: NextRequest, context: Context) {
  const refused = refusedAuthRequest(request, (await context.params).nextauth ?? []) ?? (await refusedAuthBody(request));
  if (refused) return NextResponse.json({ error: refused.message }, { status: refused.status, headers: refused.headers });
  return nextAuth(request, context);
}

export { handler as GET, handler as POST };
