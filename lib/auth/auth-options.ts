import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { findUnsafeText } from '../http/safe-text';
import { isDatabaseUnavailable } from '../db-errors';
import { logger } from '../log';
import { authenticate } from './authenticate';
import { SIGN_IN_ERRORS, throttledCode } from './sign-in-errors';
import { authSecret } from './auth-secret';
import { rememberKnownDevice } from './known-device';
import type { Role } from './permissions';
import { endSession, findLiveSession, SESSION_MAX_AGE_SECONDS, startSession } from './user-session';

export { authenticate } from './authenticate';

// Self-hosted behind a proxy or load balancer: trust the forwarded host for callback URLs.
process.env.AUTH_TRUST_HOST ??= 'true';

declare module 'next-auth' {
  interface User {
    role: Role;
    sessionVersion: number;
  }
  interface Session {
    user: { id: string; email: string; role: Role; sv: number };
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    uid: string;
    role: Role;
    sv: number;
    /** The UserSession row that keeps this cookie valid (deleted on sign-out). */
    sid: string;
  }
}

export const authOptions: NextAuthOptions = {
  get secret() {
    return authSecret();
  },
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: '/login' },
  providers: [
    CredentialsProvider({
      name: 'Email and password',
      credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(credentials, request) {
        // Text PostgreSQL can't store (NUL, lone surrogates) is nobody's email or password.
        if (findUnsafeText(credentials)) return null;
        const result = await authenticate(credentials, requestHeaders(request?.headers)).catch((error: unknown) => {
          // next-auth puts a thrown error's message into the address (?error=): never an internal one.
          logger.error({ err: error }, 'sign-in failed');
          throw new Error(isDatabaseUnavailable(error) ? SIGN_IN_ERRORS.unavailable : SIGN_IN_ERRORS.failed);
        });
        if (result.ok) {
          rememberKnownDevice(result.knownDevice);
          return { ...result.user };
        }
        if (result.reason === 'invalid') return null;
        if (result.reason === 'throttled') throw new Error(throttledCode(result.retryAfterSeconds));
        throw new Error(SIGN_IN_ERRORS[result.reason]);
      },
    }),
  ],
  events: {
    // Sign-out ends the session on the server too: a copy of the cookie stops working at once.
    async signOut({ token }) {
      await endSession(token?.sid);
    },
  },
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.uid = user.id;
        token.role = user.role;
        token.sv = user.sessionVersion;
        token.sid = await startSession(user.id);
      } else if (!(await findLiveSession(token.sid))) {
        // /api/auth/session with an ended session: next-auth clears the cookie and answers no session.
        throw new Error('Session ended');
      }
      return token;
    },
    session({ session, token }) {
      session.user = { id: token.uid, email: token.email ?? '', role: token.role, sv: token.sv };
      return session;
    },
  },
};

/** next-auth hands authorize() the request headers as a plain object. */
function requestHeaders(raw: Record<string, unknown> | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw ?? {})) if (typeof value === 'string') headers.set(name, value);
  return headers;
}
