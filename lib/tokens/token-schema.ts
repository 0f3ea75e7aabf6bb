import { z } from 'zod';
import { roleSchema } from '../users/user-schema';

/** One schema module for API tokens: the admin form, the server actions and the domain functions. */
export const createTokenSchema = z.object({
  name: z.string().trim().min(1, 'Name the token (what uses it?)').max(80),
  role: roleSchema.default('EDITOR'),
});

export const tokenTargetSchema = z.object({ tokenId: z.string().min(1).max(64) });

export type CreateTokenInput = z.input<typeof createTokenSchema>;

/** What may leave the server about a token: never its hash. */
export const publicTokenSelect = {
  id: true,
  name: true,
  prefix: true,
  role: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdBy: { select: { email: true } },
} as const;
