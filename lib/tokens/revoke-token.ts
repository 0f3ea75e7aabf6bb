import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { NotFoundError } from '../errors';
import { publicTokenSelect } from './token-schema';

/** Revokes a token for good: the next request with it is anonymous. Revoking twice changes nothing. */
export async function revokeToken({ actor, tokenId }: { actor: Actor; tokenId: string }) {
  assertCan(actor, 'token.manage');
  return db().$transaction(async (tx) => {
    const token = await tx.apiToken.findUnique({ where: { id: tokenId }, select: publicTokenSelect });
    if (!token) throw new NotFoundError('No such token');
    if (token.revokedAt) return token;
    const revoked = await tx.apiToken.update({ where: { id: tokenId }, data: { revokedAt: new Date() }, select: publicTokenSelect });
    await writeAudit(tx, { actor, action: 'token.revoke', subject: token.name, details: { tokenId, prefix: token.prefix } });
    return revoked;
  });
}
