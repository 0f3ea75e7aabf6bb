'use server';

import { guardedAction } from '../auth/guarded-action';
import { createTokenSchema, tokenTargetSchema } from './token-schema';
import { createToken } from './create-token';
import { revokeToken } from './revoke-token';

/** Server actions of /editor/tokens. */

/** Returns the secret once: only its hash is stored. */
export const createTokenAction = guardedAction('token.manage', createTokenSchema, async (input, actor) => {
  const { token, secret } = await createToken({ ...input, actor });
  return { name: token.name, prefix: token.prefix, secret };
});

export const revokeTokenAction = guardedAction('token.manage', tokenTargetSchema, async ({ tokenId }, actor) => {
  const token = await revokeToken({ tokenId, actor });
  return { name: token.name };
});
