/**
 * Search in a translation's language: the documents of the film's published translation, stemmed
 * by the language's configuration ("cheval" finds "chevaux"), each item at the page's level, in
 * step with every publish of the page and of the translation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeActor } from '../../test-support/actors';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, getDraft, publishFilm, saveDraft } from '../films';
import type { Actor } from '../auth/permissions';
import { saveTranslation } from '../translations/save-translation';
import { publishTranslation, unpublishTranslation } from '../translations/publish-translation';
import { searchPublished } from './search-films';
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
});
