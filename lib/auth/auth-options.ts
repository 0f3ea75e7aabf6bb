import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { db } from '../db';
import { dummyPasswordHash, verifyPassword } from './password';
import { signInSchema } from '../users/user-schema';
import { writeAudit } from '../audit/write-audit';
import { authSecret } from './auth-secret';
import type { Role } from './permissions';

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
  }
}

/**
 * Checks email and password. The answer never says whether the email exists: an unknown email is
 * checked against a dummy hash so both failures take the same time and give the same message.
 */
export async function authenticate(input: unknown) {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const user = await db().user.findUnique({ where: { email } });
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  const success = Boolean(user && ok && !user.disabled);
  await db().$transaction(async (tx) => {
    if (success) await tx.user.update({ where: { id: user!.id }, data: { lastSignInAt: new Date() } });
    await writeAudit(tx, {
      actor: success ? { userId: user!.id, label: user!.email, role: user!.role, via: 'session' } : null,
      actorLabel: email,
      action: success ? 'auth.sign-in' : 'auth.sign-in-failed',
      subject: email,
      details: success ? undefined : { reason: !user ? 'unknown email' : user.disabled ? 'disabled' : 'wrong password' },
    });
  });
  return success ? user! : null;
}

export const authOptions: NextAuthOptions = {
  get secret() {
    return authSecret();
  },
  session: { strategy: 'jwt', maxAge: 60 * 60 * 12 },
  pages: { signIn: '/login' },
  providers: [
    CredentialsProvider({
      name: 'Email and password',
      credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(credentials) {
        const user = await authenticate(credentials);
        return user ? { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion } : null;
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.uid = user.id;
        token.role = user.role;
        token.sv = user.sessionVersion;
      }
      return token;
    },
    session({ session, token }) {
      session.user = { id: token.uid, email: token.email ?? '', role: token.role, sv: token.sv };
      return session;
    },
  },
};
