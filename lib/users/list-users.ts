import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { publicUserSelect } from './user-schema';

/** Every account, admins first, for /editor/users. Never the password hash. */
export async function listUsers({ actor }: { actor: Actor }) {
  assertCan(actor, 'user.manage');
  return db().user.findMany({ select: publicUserSelect, orderBy: [{ role: 'asc' }, { email: 'asc' }] });
}

export type PublicUser = Awaited<ReturnType<typeof listUsers>>[number];
