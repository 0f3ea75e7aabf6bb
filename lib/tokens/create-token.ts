import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { hashToken, newTokenSecret } from '../auth/api-token';
import { ValidationError } from '../errors';
import { createTokenSchema, publicTokenSelect, type CreateTokenInput } from './token-schema';

/** Length of the visible start of a secret ("cms_1a2b3c4d"), enough to recognise it in a list. */
const PREFIX_LENGTH = 12;

/**
 * Creates an API token. The secret is returned once, here, and only its SHA-256 is stored.
 * A token never acts above its creator's current role (see actorFromToken).
 */
export async function createToken({ actor, ...input }: CreateTokenInput & { actor: Actor }) {
  assertCan(actor, 'token.manage');
  const parsed = createTokenSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { name, role } = parsed.data;
  const secret = newTokenSecret();
  const prefix = secret.slice(0, PREFIX_LENGTH);

  const token = await db().$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: { name, role, prefix, tokenHash: hashToken(secret), createdById: actor.userId },
      select: publicTokenSelect,
    });
    await writeAudit(tx, { actor, action: 'token.create', subject: name, details: { tokenId: created.id, role, prefix } });
    return created;
  });
  return { token, secret };
}
