import 'server-only';
import { randomBytes } from 'node:crypto';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { hashPassword } from '../auth/password';
import { ValidationError } from '../errors';
import { mailConfigured } from '../mail/send-mail';
import { createPasswordLink } from './create-password-link';
import { sendPasswordLink } from './send-password-link';
import { actorInWords } from './user-rules';
import { inviteUserSchema, publicUserSelect, type InviteUserInput } from './user-schema';

/**
 * Creates an account and a one-time link (it expires) at which the new user chooses their password:
 * mailed to them when SMTP_URL is set, else returned once for the admin to hand over. The account's
 * password is a random one nobody knows, so it cannot be signed in to before the link is used.
 */
export async function inviteUser({ actor, ...input }: InviteUserInput & { actor: Actor }) {
  assertCan(actor, 'user.manage');
  const parsed = inviteUserSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { email, name, role } = parsed.data;
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));

  const { user, link, by } = await db().$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } }))
      throw ValidationError.field('email', 'A user with this email already exists');
    const created = await tx.user.create({ data: { email, name, role, passwordHash, mustChangePassword: true }, select: publicUserSelect });
    const link = await createPasswordLink(tx, { userId: created.id, purpose: 'invite' });
    await writeAudit(tx, {
      actor,
      action: 'user.invite',
      subject: email,
      details: { userId: created.id, role, expiresAt: link.expiresAt.toISOString(), mailed: mailConfigured() },
    });
    return { user: created, link, by: await actorInWords(tx, actor) };
  });
  return { user, expiresAt: link.expiresAt, ...(await sendPasswordLink({ to: email, purpose: 'invite', ...link, by, role })) };
}
