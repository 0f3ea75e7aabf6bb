import 'server-only';
import type { Tx } from '../db';

/**
 * Keeps the films' former public addresses when a publish changes their slug, so an old address
 * redirects to the new one (see lib/reader/published-address.ts). Runs in the publish transaction,
 * after the new published rows are written. `previous` is each film's published slug before this
 * publish; `current` the slug it is published under now.
 */
export async function recordFormerSlugs(
  tx: Tx,
  previous: Array<{ filmId: string; slug: string }>,
  current: Array<{ filmId: string; slug: string }>,
): Promise<void> {
  const now = new Map(current.map((page) => [page.filmId, page.slug]));
  const renamed = previous.filter((page) => now.has(page.filmId) && now.get(page.filmId) !== page.slug);
  if (renamed.length > 0) {
    // One owner per old address: the film that most recently left it.
    await tx.$executeRaw`
      INSERT INTO "FormerFilmSlug" (slug, "filmId")
      SELECT r.slug, r.film FROM unnest(${renamed.map((r) => r.slug)}::text[], ${renamed.map((r) => r.filmId)}::text[]) AS r(slug, film)
      ON CONFLICT (slug) DO UPDATE SET "filmId" = EXCLUDED."filmId", "createdAt" = CURRENT_TIMESTAMP`;
  }
  // An address in use is no film's former one: the film published under it now wins.
  if (current.length > 0) await tx.formerFilmSlug.deleteMany({ where: { slug: { in: current.map((page) => page.slug) } } });
}
