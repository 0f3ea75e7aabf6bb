import 'server-only';
import type { Db, Tx } from '../db';
import type { MediaUse } from './media-schema';

type Client = Db | Tx;
type PageImages = { poster?: { image?: string; alt?: string } | null; stills?: Array<{ image?: string; alt?: string }> };

/**
 * Where each of `ids` is used (media-schema.ts, MediaUse): in films' latest drafts and published
 * pages (poster, stills, each with its alt text), as people's photos, and what still keeps it: an
 * earlier revision of a film (every revision stays restorable) or an autosave. An image with no
 * use at all is unused: it may be deleted, and the cleanup (sweep-unused-media.ts) removes it after
 * its grace period. Five queries for any number of ids.
 *
 * Page content is stored as JSON sections (lib/films/revision-store.ts), so an id is found there by
 * its text: 32 hex digits in quotes, which nothing else in a page's JSON has (the re-key,
 * scripts/ops/rekey-images.mjs, relies on the same).
 */
export async function findImageUses(client: Client, ids: string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return uses;
  const wanted = new Set(ids);
  const patterns = ids.map((id) => `%"${id}"%`);
  const add = (id: string, use: MediaUse) => uses.get(id)?.push(use);

  // The latest draft: the images section of each film's newest revision.
  const drafts = await client.$queryRaw<Array<{ slug: string; title: string; data: PageImages }>>`
    SELECT f.slug, f.title, b.data
    FROM "Film" f
    JOIN "Revision" r ON r."filmId" = f.id AND r.number = f."latestRevision"
    JOIN "RevisionBlob" b ON b."filmId" = f.id AND b.hash = ANY(r.parts)
    WHERE (b.data ? 'poster' OR b.data ? 'stills') AND b.data::text LIKE ANY(${patterns}::text[])
    ORDER BY f.title`;
  const shown = new Set<string>();
  for (const { slug, title, data } of drafts) {
    if (data.poster?.image && wanted.has(data.poster.image)) {
      add(data.poster.image, { kind: 'film', where: 'draft', role: 'poster', slug, title, alt: data.poster.alt ?? '' });
      shown.add(`${data.poster.image} ${slug}`);
    }
    for (const still of data.stills ?? []) {
      if (!still.image || !wanted.has(still.image)) continue;
      add(still.image, { kind: 'film', where: 'draft', role: 'still', slug, title, alt: still.alt ?? '' });
      shown.add(`${still.image} ${slug}`);
    }
  }

  // The published pages, as the reader reads them.
  const published = await client.filmImage.findMany({
    where: { imageId: { in: ids } },
    select: { imageId: true, kind: true, alt: true, film: { select: { slug: true, title: true } } },
    orderBy: [{ film: { title: 'asc' } }, { position: 'asc' }],
  });
  for (const row of published) {
    shown.add(`${row.imageId} ${row.film.slug}`);
    add(row.imageId, {
      kind: 'film',
      where: 'published',
      role: row.kind === 'poster' ? 'poster' : 'still',
      slug: row.film.slug,
      title: row.film.title,
      alt: row.alt,
    });
  }

  const people = await client.person.findMany({
    where: { photoId: { in: ids } },
    select: { photoId: true, slug: true, name: true, photoAlt: true },
    orderBy: { name: 'asc' },
  });
  for (const person of people) add(person.photoId!, { kind: 'person', slug: person.slug, name: person.name, alt: person.photoAlt });

  // What keeps it without showing it: any revision's section (unless named above for that film), any autosave.
  const history = await client.$queryRaw<Array<{ id: string; slug: string; title: string }>>`
    SELECT DISTINCT i.id, f.slug, f.title
    FROM unnest(${ids}::text[]) AS i(id)
    JOIN "RevisionBlob" b ON b.data::text LIKE '%"' || i.id || '"%'
    JOIN "Film" f ON f.id = b."filmId"
    ORDER BY f.title`;
  for (const { id, slug, title } of history) if (!shown.has(`${id} ${slug}`)) add(id, { kind: 'history', slug, title });
  const autosaves = await client.$queryRaw<Array<{ id: string; slug: string; title: string }>>`
    SELECT DISTINCT i.id, f.slug, f.title
    FROM unnest(${ids}::text[]) AS i(id)
    JOIN "Autosave" a ON a.content::text LIKE '%"' || i.id || '"%'
    JOIN "Film" f ON f.id = a."filmId"
    ORDER BY f.title`;
  for (const { id, slug, title } of autosaves) add(id, { kind: 'autosave', slug, title });
  return uses;
}
