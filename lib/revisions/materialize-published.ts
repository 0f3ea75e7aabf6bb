import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db';
import { type FilmContent } from '../content/schema';
import { TRAIT_KEYS } from '../page/parts/kind';
import { genreKey, type FilmFacts } from '../page/parts/facts';
import { castOf, countWords, peopleNamedIn } from '../content/derive';
import { writeSearchDocuments } from '../reader/search-documents';
import { countByLevel } from '../spoilers/level-counts';
import { recordFormerSlugs } from './former-slugs';

export type PublishedPage = { filmId: string; revisionNumber: number; content: FilmContent };

/**
 * Writes one revision's content into the relational published tables, replacing what was there.
 * Runs inside the publish transaction, so readers see the old page or the new one, never a mix.
 */
export function materializePublished(tx: Tx, filmId: string, revisionNumber: number, content: FilmContent): Promise<void> {
  return materializePublishedPages(tx, [{ filmId, revisionNumber, content }]);
}

/**
 * The same for several films at once (the bulk seed): one statement per table for all of them, so
 * publishing a batch costs about as many round trips as publishing one film.
 */
export async function materializePublishedPages(tx: Tx, pages: PublishedPage[]): Promise<void> {
  if (pages.length === 0) return;
  const filmIds = pages.map((p) => p.filmId);
  const previousPeople = await peopleOf(tx, filmIds);
  const previousSlugs = await tx.publishedFilm.findMany({ where: { filmId: { in: filmIds } }, select: { filmId: true, slug: true } });
  await tx.publishedFilm.deleteMany({ where: { filmId: { in: filmIds } } });

  const people = new Map(pages.flatMap((p) => [...castOf(p.content.characters), ...p.content.facts.directors, ...p.content.facts.writers]).map((person) => [person.slug, person.name]));
  const personIds = new Map<string, string>();
  if (people.size > 0) {
    const rows = await tx.$queryRaw<Array<{ id: string; slug: string }>>`
      INSERT INTO "Person" (id, slug, name)
      SELECT gen_random_uuid()::text, p.slug, p.name FROM unnest(${[...people.keys()]}::text[], ${[...people.values()]}::text[]) AS p(slug, name)
      ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name
      RETURNING id, slug`;
    for (const row of rows) personIds.set(row.slug, row.id);
  }

  const byPosition = <T,>(items: T[]) => items.map((item, position) => ({ ...item, position }));
  const each = <T,>(rowsOf: (page: PublishedPage) => T[]) => pages.flatMap(rowsOf);
  await tx.publishedFilm.createMany({
    data: pages.map(({ filmId, revisionNumber, content }) => ({
      filmId,
      slug: content.slug,
      title: content.title,
      releaseYear: content.releaseYear,
      revisionNumber,
      premise: content.premise,
      premiseWords: countWords(content.premise),
      story: content.story,
      storyWords: countWords(content.story),
      storyCastCount: peopleNamedIn(content.story, castOf(content.characters)).length,
      levelCounts: countByLevel(content),
      ...publishedFacts(content.facts),
    })),
  });
  await recordFormerSlugs(tx, previousSlugs, pages.map(({ filmId, content }) => ({ filmId, slug: content.slug })));
  await tx.filmCredit.createMany({
    data: each(({ filmId, content }) =>
      CREDIT_ROLES.flatMap(({ role, key }) => content.facts[key].map((person, position) => ({ filmId, role, position, personId: personIds.get(person.slug)! }))),
    ),
  });

  await tx.timelineEvent.createMany({
    data: each(({ filmId, content }) => byPosition(content.events).map(({ id, ...e }) => ({ filmId, itemId: id, ...e }))),
  });
  await tx.character.createMany({
    data: each(({ filmId, content }) =>
      byPosition(content.characters).map(({ id, playedBy, tags, ...c }) => ({
        filmId,
        itemId: id,
        personId: playedBy ? personIds.get(playedBy.slug)! : null,
        tags: tags as never,
        ...c,
      })),
    ),
  });
  await tx.filmSetting.createMany({
    data: each(({ filmId, content }) => {
      const { tags, ...setting } = content.setting;
      return [{ filmId, ...setting, tags: tags as never }];
    }),
  });
  await tx.theme.createMany({ data: each(({ filmId, content }) => byPosition(content.themes).map(({ id, ...t }) => ({ filmId, itemId: id, ...t }))) });
  await tx.kindTrait.createMany({
    data: each(({ filmId, content }) => {
      const traits = [
        ...TRAIT_KEYS.map((key) => ({ key, ...content.kind[key] })),
        { key: 'summary', value: content.kind.summary.text, spoiler: content.kind.summary.spoiler },
      ].filter((t) => t.value !== '');
      return byPosition(traits).map((t) => ({ filmId, ...t }));
    }),
  });
  await tx.moodKeyword.createMany({ data: each(({ filmId, content }) => byPosition(content.kind.moods).map(({ id, ...m }) => ({ filmId, itemId: id, ...m }))) });
  await tx.contentNote.createMany({
    data: each(({ filmId, content }) => byPosition(content.kind.contentNotes).map(({ id, ...n }) => ({ filmId, itemId: id, ...n }))),
  });
  // Question ids made here, so options can name their question in the same batch.
  const questions = each(({ filmId, content }) =>
    content.quiz.questions.map((q, position) => ({ id: randomUUID(), filmId, itemId: q.id, position, prompt: q.prompt, explanation: q.explanation, spoiler: q.spoiler, options: q.options })),
  );
  await tx.quizQuestion.createMany({ data: questions.map(({ options: _options, ...q }) => q) });
  await tx.quizOption.createMany({
    data: questions.flatMap((q) => q.options.map((o, i) => ({ questionId: q.id, itemId: o.id, position: i, text: o.text, correct: o.correct }))),
  });
  await tx.filmImage.createMany({ data: each(imageRows) });
  await writeSearchDocuments(tx, pages);
  await removePeopleWithoutParts(tx, previousPeople);
}

/** Directors and writers, in the order of FilmCredit.role. */
export const CREDIT_ROLES = [
  { role: 'director', key: 'directors' },
  { role: 'writer', key: 'writers' },
] as const;

/** The facts as PublishedFilm columns; genreKeys are the lower-case genres the home page filters on. */
function publishedFacts({ directors: _d, writers: _w, ...facts }: FilmFacts) {
  return { ...facts, genreKeys: facts.genres.map(genreKey) };
}

/**
 * The people playing in these published films: only they can lose their last part when the films
 * are republished or unpublished, so only they are checked afterwards (not every person on the site).
 */
export async function peopleOf(tx: Tx, filmIds: string[]): Promise<string[]> {
  const [actors, credited] = await Promise.all([
    tx.character.findMany({ where: { filmId: { in: filmIds }, personId: { not: null } }, select: { personId: true }, distinct: ['personId'] }),
    tx.filmCredit.findMany({ where: { filmId: { in: filmIds } }, select: { personId: true }, distinct: ['personId'] }),
  ]);
  return [...new Set([...actors.map((row) => row.personId!), ...credited.map((row) => row.personId)])];
}

/** People who no longer play anyone, direct or write anything on the site have no page left. */
export async function removePeopleWithoutParts(tx: Tx, personIds: string[]): Promise<void> {
  if (personIds.length > 0) await tx.person.deleteMany({ where: { id: { in: personIds }, characters: { none: {} }, credits: { none: {} } } });
}

/** The poster and stills of a page as FilmImage rows, each at its level (the reader query filters them). */
function imageRows({ filmId, content }: PublishedPage) {
  const poster = content.poster ? [{ filmId, kind: 'poster', itemId: 'poster', position: 0, imageId: content.poster.image, alt: content.poster.alt, caption: '', spoiler: content.poster.spoiler }] : [];
  const stills = content.stills.map((still, position) => ({ filmId, kind: 'still', itemId: still.id, position, imageId: still.image, alt: still.alt, caption: still.caption, spoiler: still.spoiler }));
  return [...poster, ...stills];
}
