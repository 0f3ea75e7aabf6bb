import { db } from '../lib/db';
import type { Actor, Role } from '../lib/auth/permissions';

/** Creates a real user row (revisions and audit rows reference it) and returns it as an actor. */
export async function makeActor(
  role: Role,
  email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@test.example`,
): Promise<Actor> {
  const user = await db().user.create({ data: { email, role, passwordHash: 'not-used' } });
  return { userId: user.id, label: email, role, via: 'session' };
}
