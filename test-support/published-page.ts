import { db } from '../lib/db';
import type { FilmContent } from '../lib/content/schema';

/**
 * A generated page under a slug of its own, its people's slugs their own too: a person's name on
 * the site is the one the latest published page gives them, so pages of earlier runs sharing a
 * slug would rename them (a rule of people, not of what a test checks).
 */
export function withOwnAddresses(content: FilmContent, prefix: string, suffix: string): FilmContent {
  const person = <P extends { slug: string } | null>(p: P): P => (p && { ...p, slug: `${p.slug}${suffix}` }) as P;
  return {
    ...content,
    slug: `${prefix}${suffix}`,
    characters: content.characters.map((c) => ({ ...c, playedBy: person(c.playedBy) })),
    facts: content.facts && {
      ...content.facts,
      directors: content.facts.directors.map(person),
      writers: content.facts.writers.map(person),
    },
  };
}

/** The page's images as uploads (a page may only name stored images), 640×480. */
export async function storeImagesOf(content: FilmContent): Promise<void> {
  const ids = [...new Set([content.poster?.image, ...content.stills.map((s) => s.image)].filter((id): id is string => !!id))];
  await db().imageAsset.createMany({
    data: ids.map((id) => ({ id, sha256: `${id}${id}`, width: 640, height: 480, mime: 'image/jpeg', bytes: 1000, variants: [] })),
    skipDuplicates: true,
  });
}
