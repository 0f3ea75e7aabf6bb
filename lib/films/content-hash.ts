import 'server-only';
import { createHash } from 'node:crypto';
import type { FilmContent } from '../content/schema';

/**
 * A revision's fingerprint: equal hashes mean equal pages (the film list's "published" status, the
 * autosave offer). Validated content has a fixed key order, so its JSON is canonical enough to hash.
 */
export function contentHash(content: FilmContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}
