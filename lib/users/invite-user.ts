import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { hashPassword } from '../auth/password';
import { ValidationError } from '../errors';
import { generateOneTimePassword } from './one-time-password';
import { inviteUserSchema, publicUserSelect, type InviteUserInput } from './user-schema';

/**
 * Creates an account with a one-time password, returned once for the admin to hand over; the new
 * user must choose their own password at first sign-in. Only its hash is stored.
 */
export async function inviteUser({ actor, ...input }: InviteUserInput & { actor: Actor }) {
  assertCan(actor, 'user.manage');
  const parsed = inviteUserSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { email, name, role } = parsed.data;
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);

  const user = await db().$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } }))
      throw ValidationError.field('email', 'A user with this email already exists');
    const created = await tx.user.create({ data: { email, name, role, passwordHash, mustChangePassword: true }, select: publicUserSelect });
    await writeAudit(tx, { actor, action: 'user.invite', subject: email, details: { userId: created.id, role } });
    return created;
  });
  return { user, oneTimePassword };
}
