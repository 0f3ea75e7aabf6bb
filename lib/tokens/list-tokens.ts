import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { publicTokenSelect } from './token-schema';

/** Every API token, active ones first, newest first. */
export async function listTokens({ actor }: { actor: Actor }) {
  assertCan(actor, 'token.manage');
  const tokens = await db().apiToken.findMany({ select: publicTokenSelect, orderBy: { createdAt: 'desc' } });
  return [...tokens.filter((t) => !t.revokedAt), ...tokens.filter((t) => t.revokedAt)];
}

export type PublicToken = Awaited<ReturnType<typeof listTokens>>[number];
