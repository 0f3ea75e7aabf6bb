import 'server-only';
import { db } from '../db';
import { type Tag } from '../content/schema';
import { TRAIT_KEYS, type TraitKey } from '../page/parts/kind';
import { castOf } from '../content/derive';
import { levelsUpTo } from '../spoilers/levels-up-to';
import type { SpoilerLevel } from '../spoilers/levels';
import type { VisibleFilm } from '../spoilers/visible-film';
import { parseLevelCounts } from '../spoilers/level-counts';

const isTraitKey = (key: string): key is TraitKey => (TRAIT_KEYS as readonly string[]).includes(key);

/**
 * The published page at one spoiler level. The level filter is in the query itself, so content above
 * the reader's level never leaves the database; one query loads the page and its hidden counts.
 */
export async function getPublishedFilm(slug: string, level: SpoilerLevel): Promise<VisibleFilm | null> {
  const atLevel = { where: { spoiler: { in: levelsUpTo(level) } }, orderBy: { position: 'asc' as const } };
  const film = await db().publishedFilm.findUnique({
    where: { slug },
    select: {
      slug: true,
      title: true,
      releaseYear: true,
      premise: true,
      premiseWords: true,
      story: level === 'full',
      storyWords: true,
      levelCounts: true,
      events: { ...atLevel, select: { itemId: true, position: true, title: true, description: true, when: true, where: true, spoiler: true } },
      characters: {
        ...atLevel,
        select: { itemId: true, name: true, description: true, tags: true, spoiler: true, person: { select: { name: true, slug: true } } },
      },
      settings: { where: atLevel.where, select: { era: true, when: true, place: true, where: true, tags: true, spoiler: true } },
      themes: { ...atLevel, select: { itemId: true, position: true, title: true, description: true, spoiler: true } },
      traits: { ...atLevel, select: { key: true, value: true } },
      moods: { ...atLevel, select: { itemId: true, label: true, spoiler: true } },
      contentNotes: { ...atLevel, select: { itemId: true, label: true, spoiler: true } },
      questions: { where: atLevel.where, select: { id: true } },
      images: { ...atLevel, select: { kind: true, itemId: true, imageId: true, alt: true, caption: true, spoiler: true, image: { select: { width: true, height: true } } } },
      releaseDate: true,
      runtimeMinutes: true,
      genres: true,
      countries: true,
      languages: true,
      ageRatings: true,
      imdbId: true,
      wikidataId: true,
      credits: { orderBy: [{ role: 'asc' }, { position: 'asc' }], select: { role: true, person: { select: { name: true, slug: true } } } },
      _count: { select: { events: true, characters: true, themes: true, traits: true, moods: true, contentNotes: true, questions: true, settings: true, images: { where: { kind: 'still' } } } },
    },
  });
  if (!film) return null;
  const characters = film.characters.map(({ itemId, person, tags, ...c }) => ({ id: itemId, playedBy: person, tags: tags as Tag[], ...c }));
  const traits = film.traits.filter((t) => isTraitKey(t.key)).map((t) => ({ key: t.key as TraitKey, value: t.value }));
  const summary = film.traits.find((t) => t.key === 'summary')?.value ?? null;
  const setting = film.settings[0];
  const shownKind = traits.length + (summary ? 1 : 0) + film.moods.length;
  const totalKind = film._count.traits + film._count.moods;
  const images = film.images.map(({ kind, itemId, imageId, image, ...rest }) => ({ kind, id: itemId, image: imageId, width: image.width, height: image.height, ...rest }));
  const poster = images.find((i) => i.kind === 'poster') ?? null;
  const stills = images.filter((i) => i.kind === 'still');

  return {
    level,
    title: film.title,
    slug: film.slug,
    releaseYear: film.releaseYear,
    premise: film.premise,
    story: level === 'full' ? (film.story ?? '') : null,
    storyWords: film.storyWords,
    premiseWords: film.premiseWords,
    cast: castOf(characters),
    events: film.events.map(({ itemId, position, ...e }) => ({ id: itemId, number: position + 1, ...e })),
    eventsTotal: film._count.events,
    characters,
    charactersTotal: film._count.characters,
    setting: setting ? { ...setting, tags: setting.tags as Tag[] } : null,
    themes: film.themes.map(({ itemId, position, ...t }) => ({ id: itemId, number: position + 1, ...t })),
    themesTotal: film._count.themes,
    kind: { traits, summary, moods: film.moods.map(({ itemId, ...m }) => ({ id: itemId, ...m })), contentNotes: film.contentNotes.map(({ itemId, ...n }) => ({ id: itemId, ...n })) },
    quiz: { visible: film.questions.length, total: film._count.questions },
    counts: parseLevelCounts(film.levelCounts),
    poster: poster && { id: poster.id, image: poster.image, alt: poster.alt, caption: poster.caption, spoiler: poster.spoiler, width: poster.width, height: poster.height },
    stills: stills.map(({ kind: _kind, ...still }) => still),
    stillsTotal: film._count.images,
    facts: {
      releaseDate: film.releaseDate,
      runtimeMinutes: film.runtimeMinutes,
      directors: film.credits.filter((c) => c.role === 'director').map((c) => c.person),
      writers: film.credits.filter((c) => c.role === 'writer').map((c) => c.person),
      genres: film.genres,
      countries: film.countries,
      languages: film.languages,
      ageRatings: film.ageRatings,
      imdbId: film.imdbId,
      wikidataId: film.wikidataId,
    },
    hidden: {
      events: film._count.events - film.events.length,
      characters: film._count.characters - film.characters.length,
      themes: film._count.themes - film.themes.length,
      setting: film._count.settings > 0 && !setting,
      story: level !== 'full' && film.storyWords > 0,
      kind: totalKind - shownKind,
      contentNotes: film._count.contentNotes - film.contentNotes.length,
      stills: film._count.images - stills.length,
    },
  };
}
