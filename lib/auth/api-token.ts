import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/** API tokens look like "cms_<40 hex>"; only their SHA-256 is stored. */
export const TOKEN_PREFIX = 'cms_';

export function newTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(20).toString('hex');
}

export function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
