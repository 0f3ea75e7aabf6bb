import 'server-only';
import type { Tx } from '../db';
import type { FilmContent } from '../content/schema';
import { PAGE_PARTS, type AnyPart } from '../page/parts';
import { pageCredits } from '../page/credits';
import { writeSearchDocuments } from './write-search-documents';
import { writeTranslationSearchDocuments } from '../translations/translation-search-documents';
import { countByLevel } from '../spoilers/level-counts';
import { recordFormerSlugs } from './former-slugs';
import { readingPointsOf } from '../story-position';

export type PublishedPage = { filmId: string; revisionNumber: number; content: FilmContent };

/**
 * What a publish changed beyond its own films and their people: the slugs of other published films
 * that name a person whose name these pages changed (a person's name is the one the latest
 * published page gives them, and every film page crediting them shows it).
 */
export type Materialized = { renamedIn: string[] };

/**
 * Writes one revision's content into the relational published tables, replacing what was there.
 * Runs inside the publish transaction, so readers see the old page or the new one, never a mix.
 */
export function materializePublished(tx: Tx, filmId: string, revisionNumber: number, content: FilmContent): Promise<Materialized> {
  return materializePublishedPages(tx, [{ filmId, revisionNumber, content }]);
}

/**
 * The same for several films at once (the bulk seed): one statement per table for all of them, so
 * publishing a batch costs about as many round trips as publishing one film.
 */
export async function materializePublishedPages(tx: Tx, pages: PublishedPage[]): Promise<Materialized> {
  if (pages.length === 0) return { renamedIn: [] };
  const filmIds = pages.map((p) => p.filmId);
  const previousPeople = await peopleOf(tx, filmIds);
  const previousSlugs = await tx.publishedFilm.findMany({ where: { filmId: { in: filmIds } }, select: { filmId: true, slug: true } });
  await tx.publishedFilm.deleteMany({ where: { filmId: { in: filmIds } } });

  const { personIds, renamed } = await upsertPeople(tx, pages);
  const personId = (slug: string) => personIds.get(slug)!;

  await tx.publishedFilm.createMany({
    data: pages.map(({ filmId, revisionNumber, content }) => ({
      filmId,
      revisionNumber,
      ...Object.assign({}, ...STORED_PARTS.map((part) => ('columns' in part.storage ? part.storage.columns(content as never) : {}))),
      levelCounts: countByLevel(content),
      // Where each item is revealed, derived from the suggestions here (not edited per item).
      readingPoints: readingPointsOf(content),
    })),
  });
  await recordFormerSlugs(
    tx,
    previousSlugs,
    pages.map(({ filmId, content }) => ({ filmId, slug: content.slug })),
  );

  // Each part's own tables, one statement per table for all the pages, in the parts' insert order.
  const rowsByTable = new Map<string, object[]>();
  for (const { filmId, content } of pages)
    for (const part of STORED_PARTS)
      if ('rows' in part.storage)
        for (const [table, rows] of part.storage.rows(content as never, { filmId, personId }))
          rowsByTable.set(table, [...(rowsByTable.get(table) ?? []), ...rows]);
  for (const [table, rows] of rowsByTable)
    await (tx[table as keyof Tx] as unknown as { createMany: (args: { data: object[] }) => Promise<unknown> }).createMany({ data: rows });

  await writeSearchDocuments(tx, pages);
  await writeTranslationSearchDocuments(tx, pages);
  await removePeopleWithoutParts(tx, previousPeople);
  return { renamedIn: await filmsCrediting(tx, renamed, filmIds) };
}

const STORED_PARTS = PAGE_PARTS.filter((part): part is Extract<AnyPart, { storage: object }> => 'storage' in part);

/**
 * The people the pages name (actors, directors, writers: each part's `people`), as Person rows: id
 * by slug; and the ids of those whose name the pages changed (one statement: the CTE reads the rows
 * as they were before the upsert).
 */
async function upsertPeople(tx: Tx, pages: PublishedPage[]): Promise<{ personIds: Map<string, string>; renamed: string[] }> {
  const named = pages.flatMap(({ content }) => pageCredits(content)).map(({ person }) => [person.slug, person.name] as const);
  const people = new Map(named);
  // In slug order: two publishes naming some of the same people then lock their rows in the same
  // order, so one waits for the other instead of both deadlocking (40P01, seen with seed:bulk's two
  // writers sharing a pool of actors).
  const slugs = [...people.keys()].sort();
  const personIds = new Map<string, string>();
  const renamed: string[] = [];
  if (people.size > 0) {
    // What editors write about a person is their profile (lib/people/save-person.ts), which
    // `Person.slug` references: an empty one for a slug that has none; an existing one is never changed.
    await tx.$executeRaw`
      INSERT INTO "PersonProfile" (slug, "latestRevision", "updatedAt")
      SELECT s.slug, 0, CURRENT_TIMESTAMP FROM unnest(${slugs}::text[]) AS s(slug)
      ORDER BY s.slug
      ON CONFLICT (slug) DO NOTHING`;
    const rows = await tx.$queryRaw<Array<{ id: string; slug: string; name: string; previousName: string | null }>>`
      WITH previous AS (SELECT slug, name FROM "Person" WHERE slug = ANY(${slugs}::text[]))
      INSERT INTO "Person" (id, slug, name)
      SELECT gen_random_uuid()::text, p.slug, p.name FROM unnest(${slugs}::text[], ${slugs.map((slug) => people.get(slug)!)}::text[]) WITH ORDINALITY AS p(slug, name, position)
      ORDER BY p.position
      ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name
      RETURNING id, slug, name, (SELECT previous.name FROM previous WHERE previous.slug = "Person".slug) AS "previousName"`;
    for (const row of rows) {
      personIds.set(row.slug, row.id);
      if (row.previousName !== null && row.previousName !== row.name) renamed.push(row.id);
    }
  }
  return { personIds, renamed };
}

/** The slugs of the published films, other than `except`, that credit any of these people. */
async function filmsCrediting(tx: Tx, personIds: string[], except: string[]): Promise<string[]> {
  if (personIds.length === 0) return [];
  const linked = await Promise.all(
    PEOPLE_LINKS.map(({ table }) =>
      (tx[table as keyof Tx] as unknown as { findMany: (args: object) => Promise<Array<{ filmId: string }>> }).findMany({
        where: { personId: { in: personIds }, filmId: { notIn: except } },
        select: { filmId: true },
        distinct: ['filmId'],
      }),
    ),
  );
  const filmIds = [...new Set(linked.flat().map((row) => row.filmId))];
  if (filmIds.length === 0) return [];
  return (await tx.publishedFilm.findMany({ where: { filmId: { in: filmIds } }, select: { slug: true } })).map((film) => film.slug);
}

/**
 * The people playing in these published films: only they can lose their last part when the films
 * are republished or unpublished, so only they are checked afterwards (not every person on the site).
 */
export async function peopleOf(tx: Tx, filmIds: string[]): Promise<string[]> {
  const linked = await Promise.all(
    PEOPLE_LINKS.map(({ table }) =>
      (tx[table as keyof Tx] as unknown as { findMany: (args: object) => Promise<Array<{ personId: string | null }>> }).findMany({
        where: { filmId: { in: filmIds } },
        select: { personId: true },
        distinct: ['personId'],
      }),
    ),
  );
  // A character played by nobody links no one.
  return [...new Set(linked.flat().flatMap((row) => (row.personId ? [row.personId] : [])))];
}

/**
 * The slugs of everyone these published films credit (their people pages show them): read before a
 * publish or unpublish replaces or removes the films' rows, so their pages can be invalidated
 * beside those of the people the new revision credits (`pageCredits`).
 */
export async function creditedPeople(tx: Tx, filmIds: string[]): Promise<string[]> {
  if (filmIds.length === 0) return [];
  const rows = await tx.person.findMany({
    where: { OR: PEOPLE_LINKS.map(({ relation }) => ({ [relation]: { some: { filmId: { in: filmIds } } } })) },
    select: { slug: true },
  });
  return rows.map((row) => row.slug);
}

/** The slugs of everyone these pages credit (what `creditedPeople` finds once they are published). */
export const peopleOfPages = (contents: FilmContent[]): string[] => [
  ...new Set(contents.flatMap((content) => pageCredits(content).map(({ person }) => person.slug))),
];

/** The tables that link a published film to people, and Person's relation to each (the parts' `people`). */
const PEOPLE_LINKS = STORED_PARTS.flatMap((part) => ('people' in part.storage ? [part.storage.people] : []));

/** People who no longer play anyone, direct or write anything on the site have no page left. */
export async function removePeopleWithoutParts(tx: Tx, personIds: string[]): Promise<void> {
  if (personIds.length === 0) return;
  const withoutParts = Object.fromEntries(PEOPLE_LINKS.map(({ relation }) => [relation, { none: {} }]));
  await tx.person.deleteMany({ where: { id: { in: personIds }, ...withoutParts } });
}
