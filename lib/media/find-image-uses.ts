import 'server-only';
import type { Db, Tx } from '../db';
import type { MediaUse } from './media-schema';

type Client = Db | Tx;
type PageImages = { poster?: { image?: string; alt?: string } | null; stills?: Array<{ image?: string; alt?: string }> };

/**
 * Where each of `ids` is used (media-schema.ts, MediaUse): in films' latest drafts and published
 * pages (poster, stills, each with its alt text), as people's photos, and what still keeps it: an
 * earlier revision of a film or of a person's profile (every revision stays restorable) or an
 * autosave of either. An image with no use at all is unused: it may be deleted, and the cleanup
 * (sweep-unused-media.ts) removes it after its grace period. Seven queries for any number of ids.
 *
 * Page content is stored as JSON sections (lib/films/revision-store.ts), so an id is found there by
 * its text: 32 hex digits in quotes, which nothing else in a page's JSON has (the re-key,
 * scripts/ops/rekey-images.mjs, relies on the same). A database trigger reads each blob and
 * autosave that way when it is written and keeps what it names in `BlobImageRef` /
 * `AutosaveImageRef` (indexed by image), and each person revision and person autosave in
 * `PersonRevisionImageRef` / `PersonAutosaveImageRef`, so this reads those rows instead of every page's JSON:
 * the same answer at any catalogue size. The media library's used / unused filter
 * (list-media.ts) reads the same rows, so it and the refusal to delete always agree.
 */
export async function findImageUses(client: Client, ids: string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return uses;
  const wanted = new Set(ids);
  const add = (id: string, use: MediaUse) => uses.get(id)?.push(use);

  // The latest draft: the images section of each film's newest revision.
  const drafts = await client.$queryRaw<Array<{ slug: string; title: string; data: PageImages }>>`
    SELECT f.slug, f.title, b.data
    FROM "Film" f
    JOIN "Revision" r ON r."filmId" = f.id AND r.number = f."latestRevision"
    JOIN "RevisionBlob" b ON b."filmId" = f.id AND b.hash = ANY(r.parts)
    WHERE (b.data ? 'poster' OR b.data ? 'stills')
      AND (b."filmId", b.hash) IN (SELECT "filmId", hash FROM "BlobImageRef" WHERE "imageId" = ANY(${ids}::text[]))
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

  // A person's photo: their profile, named by the name the published pages give them (the slug when none does now).
  const people = await client.$queryRaw<Array<{ photoId: string; slug: string; name: string | null; photoAlt: string }>>`
    SELECT pp."photoId", pp.slug, p.name, pp."photoAlt"
    FROM "PersonProfile" pp LEFT JOIN "Person" p ON p.slug = pp.slug
    WHERE pp."photoId" = ANY(${ids}::text[])
    ORDER BY coalesce(p.name, pp.slug)`;
  const photos = new Set<string>();
  for (const person of people) {
    add(person.photoId, { kind: 'person', slug: person.slug, name: person.name ?? person.slug, alt: person.photoAlt });
    photos.add(`${person.photoId} ${person.slug}`);
  }

  // What keeps it without showing it: any revision's section (unless named above for that film), any autosave.
  const history = await client.$queryRaw<Array<{ id: string; slug: string; title: string }>>`
    SELECT DISTINCT ref."imageId" AS id, f.slug, f.title
    FROM "BlobImageRef" ref
    JOIN "Film" f ON f.id = ref."filmId"
    WHERE ref."imageId" = ANY(${ids}::text[])
    ORDER BY f.title`;
  for (const { id, slug, title } of history) if (!shown.has(`${id} ${slug}`)) add(id, { kind: 'history', slug, title });
  const autosaves = await client.$queryRaw<Array<{ id: string; slug: string; title: string }>>`
    SELECT DISTINCT ref."imageId" AS id, f.slug, f.title
    FROM "AutosaveImageRef" ref
    JOIN "Film" f ON f.id = ref."filmId"
    WHERE ref."imageId" = ANY(${ids}::text[])
    ORDER BY f.title`;
  for (const { id, slug, title } of autosaves) add(id, { kind: 'autosave', slug, title });

  // The same for people: any revision of their profile (unless it is their photo now), any autosave.
  const personHistory = await client.$queryRaw<Array<{ id: string; slug: string; name: string }>>`
    SELECT DISTINCT ref."imageId" AS id, ref.slug, coalesce(p.name, ref.slug) AS name
    FROM "PersonRevisionImageRef" ref LEFT JOIN "Person" p ON p.slug = ref.slug
    WHERE ref."imageId" = ANY(${ids}::text[])
    ORDER BY 3, 2`;
  for (const { id, slug, name } of personHistory) if (!photos.has(`${id} ${slug}`)) add(id, { kind: 'person-history', slug, name });
  const personAutosaves = await client.$queryRaw<Array<{ id: string; slug: string; name: string }>>`
    SELECT DISTINCT ref."imageId" AS id, ref.slug, coalesce(p.name, ref.slug) AS name
    FROM "PersonAutosaveImageRef" ref LEFT JOIN "Person" p ON p.slug = ref.slug
    WHERE ref."imageId" = ANY(${ids}::text[])
    ORDER BY 3, 2`;
  for (const { id, slug, name } of personAutosaves) add(id, { kind: 'person-autosave', slug, name });
  return uses;
}
