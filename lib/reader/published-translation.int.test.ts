/**
 * A published translation as readers get it (lib/reader/get-published-translation.ts): the same
 * items held back as in the page's own language at every level and every point read up to, for
 * any page; nothing above the reader's level in it; a text whose source changed since it was
 * translated reads in the source's language.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { arbitraryFilmContent } from '../../test-support/arbitrary-content';
import { makeActor } from '../../test-support/actors';
import { saveFirstFrench } from '../../test-support/first-translation';
import { sampleFilm } from '../../test-support/sample-film';
import { storeImagesOf, withOwnAddresses } from '../../test-support/published-page';
import { createFilm, publishFilm, saveDraft } from '../films';
import { db } from '../db';
import type { Actor } from '../auth/permissions';
import type { FilmContent } from '../content/schema';
import { SPOILER_LEVELS, levelRank } from '../spoilers/levels';
import type { VisibleFilm } from '../spoilers/visible-film';
import { translationUnits } from '../translations/translation-units';
import { saveTranslation } from '../translations/save-translation';
import { publishTranslation, unpublishTranslation } from '../translations/publish-translation';
import { getPublishedFilm, getPublishedFilmUpTo } from './get-published-film';
import { getPublishedTranslation } from './get-published-translation';

process.env.SITE_LOCALES = 'en,fr';

let admin: Actor;
let writer: Actor;
const tag = Date.now().toString(36);
let run = 0;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  writer = await makeActor('WRITER');
});

/** Every unit translated: "FR " before the source's text. */
const frenchOf = (content: FilmContent) => Object.fromEntries(translationUnits(content).map((unit) => [unit.key, `FR ${unit.source}`]));

/** Creates and publishes the page and its French translation; returns the page. */
async function publishBoth(content: FilmContent, texts = frenchOf(content)): Promise<FilmContent> {
  await storeImagesOf(content);
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: revision.number, actor: admin });
  await saveTranslation({
    slug: content.slug,
    locale: 'fr',
    baseRevision: 0,
    sourceRevision: 1,
    texts,
    message: '',
    actor: admin,
  });
  await publishTranslation({ slug: content.slug, locale: 'fr', revision: 1, actor: admin });
  return content;
}

/** What is held back and what is shown, without the words: every id and every count of held-back items. */
function shownItems(film: VisibleFilm | null): unknown {
  const ids: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) {
        if (key === 'id' && typeof child === 'string') ids.push(child);
        else walk(child);
      }
  };
  walk(film);
  return { ids, hidden: film?.hidden, level: film?.level, upto: (film as { upto?: unknown } | null)?.upto };
}

const ownSlugs = (content: FilmContent) => withOwnAddresses(content, 'translated', `-${tag}-${(run += 1)}`);

describe('a published translation', () => {
  it('holds back exactly what the page holds back, at every level and every point, for any page', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryFilmContent, async (generated) => {
        const content = await publishBoth(ownSlugs(generated));
        for (const level of SPOILER_LEVELS)
          expect(shownItems(await getPublishedTranslation(content.slug, 'fr', { level }))).toEqual(
            shownItems(await getPublishedFilm(content.slug, level)),
          );
        for (let upto = 0; upto <= content.events.length; upto += 1)
          expect(shownItems(await getPublishedTranslation(content.slug, 'fr', { upto }))).toEqual(
            shownItems(await getPublishedFilmUpTo(content.slug, upto)),
          );
      }),
      { numRuns: 15 },
    );
  });

  it('names the texts a reader gets untranslated, each one the reader gets, and nothing held back', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryFilmContent, fc.integer({ min: 0, max: 2 ** 31 }), async (generated, seed) => {
        const content = ownSlugs(generated);
        const units = translationUnits(content);
        // Every third unit from a random start is left untranslated.
        const untranslated = new Set(units.filter((_, i) => (i + seed) % 3 === 0).map((unit) => unit.key));
        const texts = Object.fromEntries(
          units.filter((unit) => !untranslated.has(unit.key)).map((unit) => [unit.key, `FR ${unit.source}`]),
        );
        await publishBoth(content, texts);
        for (const level of SPOILER_LEVELS) {
          const film = await getPublishedTranslation(content.slug, 'fr', { level });
          // Readers get every unit at or below their level, except the quiz's (its own page).
          const expected = units
            .filter((unit) => untranslated.has(unit.key) && levelRank(unit.level) <= levelRank(level) && !unit.key.startsWith('quiz.'))
            .map((unit) => unit.key);
          expect(film?.untranslated?.keys ?? []).toEqual(expected);
          if (expected.length > 0) expect(film?.untranslated?.lang).toBe('en');
        }
        for (let upto = 0; upto <= content.events.length; upto += 1) {
          const film = (await getPublishedTranslation(content.slug, 'fr', { upto }))!;
          const shown = JSON.stringify(shownItems(film));
          for (const key of film.untranslated?.keys ?? []) {
            expect(untranslated.has(key)).toBe(true);
            const id = /\[([^\]]+)\]/u.exec(key)?.[1];
            if (id) expect(shown).toContain(`"${id}"`);
          }
        }
      }),
      { numRuns: 10 },
    );
  });

  it('sends nothing above the reader’s level, in French as in English', async () => {
    const content = await publishBoth(sampleFilm({ slug: `translated-markers-${tag}`, title: 'Markers' }));
    const above = { none: ['LIGHTWORD', 'FULLWORD'], light: ['FULLWORD'], full: [] } as const;
    for (const level of SPOILER_LEVELS) {
      const json = JSON.stringify(await getPublishedTranslation(content.slug, 'fr', { level }));
      expect(json).toContain('FR Arrival NONEWORD');
      for (const marker of above[level]) expect(json).not.toContain(marker);
    }
  });

  it('reads an outdated text in the page’s language, a missing one too; none before it is published, or after it is taken down', async () => {
    const content = sampleFilm({ slug: `translated-outdated-${tag}`, title: 'Outdated' });
    await publishBoth(content);
    const changed = { ...content, premise: 'A skater NONEWORD comes home.' };
    await saveDraft({ slug: content.slug, baseRevision: 1, content: changed, actor: admin });
    await publishFilm({ slug: content.slug, revision: 2, actor: admin });
    const film = await getPublishedTranslation(content.slug, 'fr', { level: 'none' });
    expect(film?.premise).toBe('A skater NONEWORD comes home.');
    expect(film?.events[0].title).toBe('FR Arrival NONEWORD');

    await unpublishTranslation({ slug: content.slug, locale: 'fr', actor: admin });
    expect(await getPublishedTranslation(content.slug, 'fr', { level: 'none' })).toBeNull();
    expect(await getPublishedTranslation('no-such-film', 'fr', { level: 'none' })).toBeNull();
  });

  it('is published by editors and admins only, once the page is, and only a revision it has', async () => {
    const content = sampleFilm({ slug: `translated-rules-${tag}`, title: 'Rules' });
    await createFilm({ content, actor: admin });
    await saveFirstFrench(content.slug, writer);
    const publish = (input: Partial<Parameters<typeof publishTranslation>[0]>) =>
      publishTranslation({ slug: content.slug, locale: 'fr', revision: 1, actor: admin, ...input }).catch((e) => e);
    expect(await publish({ actor: writer })).toMatchObject({ status: 403 });
    expect(await publish({})).toMatchObject({ status: 409 });
    await publishFilm({ slug: content.slug, revision: 1, actor: admin });
    expect(await publish({ revision: 2 })).toMatchObject({ status: 400, errors: [{ path: 'revision' }] });
    expect(await publish({ locale: 'de' })).toMatchObject({ status: 404 });
    expect(await publish({})).toEqual({ slug: content.slug, locale: 'fr', revision: 1 });
    const film = await db().film.findUniqueOrThrow({ where: { slug: content.slug } });
    expect(await db().auditLog.count({ where: { filmId: film.id, action: 'film.translation-publish' } })).toBe(1);
    expect((await getPublishedTranslation(content.slug, 'fr', { level: 'none' }))?.premise).toBe('Une patineuse.');
  });
});
