/**
 * Search in a translation's language: the documents of the film's published translation, stemmed
 * by the language's configuration ("cheval" finds "chevaux"), each item at the page's level, in
 * step with every publish of the page and of the translation; "did you mean" in the language searched.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeActor } from '../../test-support/actors';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, getDraft, publishFilm, saveDraft } from '../films';
import type { Actor } from '../auth/permissions';
import { saveTranslation } from '../translations/save-translation';
import { publishTranslation, unpublishTranslation } from '../translations/publish-translation';
import { searchPublished, searchWithCorrection } from './search-films';
import { correctQuery } from './correct-query';
import { db } from '../db';
import { backfillTranslationSearch } from '../translations/backfill-translation-search';

process.env.SITE_LOCALES = 'en,fr';

let admin: Actor;
const tag = Date.now().toString(36);
const slug = `recherche-${tag}`;

/** This film's hits (other tests' films may match the same words). */
const titlesOf = async (query: string, level: 'none' | 'light' | 'full', locale?: string) =>
  (await searchPublished(query, level, locale))
    .filter((hit) => hit.film.slug === slug)
    .map((hit) => `${hit.kind}:${hit.itemId}`)
    .sort();

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  const content = sampleFilm({ slug, title: `Recherche ${tag}` });
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug, revision: revision.number, actor: admin });
  await saveTranslation({
    slug,
    locale: 'fr',
    baseRevision: 0,
    sourceRevision: 1,
    texts: {
      title: `Recherche en français ${tag}`,
      'events[e1].title': 'Les chevaux de la patinoire',
      'events[e3].title': 'Un dénouement glacial',
    },
    message: '',
    actor: admin,
  });
  await publishTranslation({ slug, locale: 'fr', revision: 1, actor: admin });
});

describe('search in French', () => {
  it('stems French words, and finds only what the reader’s level shows', async () => {
    expect(await titlesOf('cheval', 'none', 'fr')).toEqual(['event:e1']);
    expect(await titlesOf('patinoires', 'none', 'fr')).toEqual(['event:e1']);
    // The full-level event's French title is found at full only.
    expect(await titlesOf('dénouement', 'none', 'fr')).toEqual([]);
    expect(await titlesOf('dénouement', 'light', 'fr')).toEqual([]);
    expect(await titlesOf('dénouement', 'full', 'fr')).toEqual(['event:e3']);
    // Each language searches its own documents.
    expect(await titlesOf('cheval', 'full')).toEqual([]);
    expect(await titlesOf('arrival', 'full', 'fr')).toEqual([]);
  });

  it('names the film of each hit by its title in the language searched', async () => {
    const filmOf = async (query: string, locale?: string) =>
      (await searchPublished(query, 'full', locale)).find((hit) => hit.film.slug === slug)?.film.title;
    expect(await filmOf('cheval', 'fr')).toBe(`Recherche en français ${tag}`);
    expect(await filmOf('arrival')).toBe(`Recherche ${tag}`);
  });

  it('follows the page: a level raised in the page is raised in French search in the same publish', async () => {
    const draft = await getDraft({ slug, actor: admin });
    const content = structuredClone(draft.content);
    content.events[0].spoiler = 'full';
    const saved = await saveDraft({ slug, baseRevision: draft.revision, content, actor: admin });
    await publishFilm({ slug, revision: saved.revision, actor: admin });
    expect(await titlesOf('cheval', 'none', 'fr')).toEqual([]);
    expect(await titlesOf('cheval', 'full', 'fr')).toEqual(['event:e1']);
  });

  it('writes the documents of a translation published before search per language, once', async () => {
    const film = await db().film.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    await db().searchDocument.deleteMany({ where: { filmId: film.id, locale: 'fr' } });
    expect(await titlesOf('cheval', 'full', 'fr')).toEqual([]);
    expect(await backfillTranslationSearch()).toBeGreaterThanOrEqual(1);
    expect(await titlesOf('cheval', 'full', 'fr')).toEqual(['event:e1']);
    const again = await db().searchDocument.count({ where: { filmId: film.id, locale: 'fr' } });
    await backfillTranslationSearch();
    expect(await db().searchDocument.count({ where: { filmId: film.id, locale: 'fr' } })).toBe(again);
  });

  it('follows the translation: taken down, nothing is found in French', async () => {
    await unpublishTranslation({ slug, locale: 'fr', actor: admin });
    expect(await titlesOf('cheval', 'full', 'fr')).toEqual([]);
    await publishTranslation({ slug, locale: 'fr', revision: 1, actor: admin });
    expect(await titlesOf('cheval', 'full', 'fr')).toEqual(['event:e1']);
  });

  it('corrects a typo with the words of the language searched, never one the reader’s level hides', async () => {
    // Names are what "did you mean" knows: the rival's French name is at the rival's level, full.
    await saveTranslation({
      slug,
      locale: 'fr',
      baseRevision: 1,
      sourceRevision: 1,
      texts: { 'events[e1].title': 'Les chevaux de la patinoire', 'characters[c2].name': 'Zéphyrine Quartelot' },
      message: '',
      actor: admin,
    });
    await publishTranslation({ slug, locale: 'fr', revision: 2, actor: admin });
    const typed = 'zéphirine quatrelot';
    const answer = await searchWithCorrection(typed, 'full', 'fr');
    expect(answer.correctedTo).toBe('zéphyrine quartelot');
    expect(answer.hits.some((hit) => hit.kind === 'character' && hit.itemId === 'c2' && hit.film.slug === slug)).toBe(true);
    expect(await correctQuery(typed, 'light', 'fr')).toBeNull();
    // English offers English words only.
    expect(await correctQuery(typed, 'full')).toBeNull();
    // A translation whose terms are missing (published before they were kept per language) gets them at start.
    const film = await db().film.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    await db().searchTerm.deleteMany({ where: { filmId: film.id, locale: 'fr' } });
    expect(await correctQuery(typed, 'full', 'fr')).toBeNull();
    await backfillTranslationSearch();
    expect(await correctQuery(typed, 'full', 'fr')).toBe('zéphyrine quartelot');
  });
});
