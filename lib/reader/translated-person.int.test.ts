/**
 * A person's page in a translation's language (lib/reader/get-person.ts with `locale`): each film
 * published in it with its title and the person's characters' texts from its translation where
 * they are up to date, the page's own otherwise (named in the film's `untranslated`), a film
 * without a published translation in the page's own texts, linking to its page there; nothing
 * above the reader's level, the same parts at each level as in the site's own language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeActor } from '../../test-support/actors';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, publishFilm, saveDraft } from '../films';
import type { Actor } from '../auth/permissions';
import type { FilmContent } from '../content/schema';
import { SPOILER_LEVELS } from '../spoilers/levels';
import { saveTranslation } from '../translations/save-translation';
import { publishTranslation } from '../translations/publish-translation';
import { getPublishedPerson } from './get-person';

process.env.SITE_LOCALES = 'en,fr';

let admin: Actor;
const tag = Date.now().toString(36);
const actor = { name: `Pat Person ${tag}`, slug: `pat-person-${tag}` };

/** The sample film under its own slug and title, both of its characters (c1 at none, c2 at full) played by `actor`. */
function film(name: string, title: string): FilmContent {
  const base = sampleFilm();
  return sampleFilm({
    slug: `person-${name}-${tag}`,
    title,
    characters: base.characters.map((c) => ({ ...c, playedBy: actor })),
  });
}

async function publish(content: FilmContent, french: Record<string, string> | null) {
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: revision.number, actor: admin });
  if (!french) return content;
  await saveTranslation({ slug: content.slug, locale: 'fr', baseRevision: 0, sourceRevision: 1, texts: french, message: '', actor: admin });
  await publishTranslation({ slug: content.slug, locale: 'fr', revision: 1, actor: admin });
  return content;
}

let translated: FilmContent;
let english: FilmContent;
let outdated: FilmContent;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  translated = await publish(film('translated', 'Alpha Film'), {
    title: 'Le film Alpha',
    'characters[c1].name': 'Anne la patineuse',
    'characters[c2].name': 'La rivale FULLWORD',
    'characters[c2].description': 'Rivale FULLWORD.',
  });
  english = await publish(film('english', 'Beta Film'), null);
  outdated = await publish(film('outdated', 'Gamma Film'), { title: 'Le film Gamma', 'characters[c1].name': 'Ancien nom' });
  // The page renames c1 after the translation was made: French readers get the new English name.
  const { revision } = await saveDraft({
    slug: outdated.slug,
    baseRevision: 1,
    content: { ...outdated, characters: outdated.characters.map((c) => (c.id === 'c1' ? { ...c, name: 'Ann Renamed' } : c)) },
    actor: admin,
  });
  await publishFilm({ slug: outdated.slug, revision, actor: admin });
});

describe('a person’s page in a translation’s language', () => {
  it('gives each film’s title and characters in it where translated, marked in the page’s own where not', async () => {
    const page = await getPublishedPerson(actor.slug, 'full', 'fr');
    expect(page).toMatchObject({ locale: 'fr', ownLang: 'en', name: actor.name });
    const bySlug = new Map(page!.films.map((f) => [f.slug, f]));

    const alpha = bySlug.get(translated.slug)!;
    expect(alpha).toMatchObject({ title: 'Le film Alpha', locale: 'fr' });
    expect(alpha.characters.map((c) => [c.id, c.name, c.description])).toEqual([
      ['c1', 'Anne la patineuse', 'A skater NONEWORD.'],
      ['c2', 'La rivale FULLWORD', 'Rivale FULLWORD.'],
    ]);
    expect(alpha.untranslated).toEqual({ lang: 'en', keys: ['characters[c1].description'] });

    const beta = bySlug.get(english.slug)!;
    expect(beta.title).toBe('Beta Film');
    expect(beta.locale).toBeUndefined();
    expect(beta.characters.map((c) => c.name)).toEqual(['Ann Skater', 'The Rival']);
    expect(beta.untranslated).toEqual({
      lang: 'en',
      keys: ['title', 'characters[c1].name', 'characters[c1].description', 'characters[c2].name', 'characters[c2].description'],
    });

    const gamma = bySlug.get(outdated.slug)!;
    expect(gamma).toMatchObject({ title: 'Le film Gamma', locale: 'fr' });
    expect(gamma.characters[0].name).toBe('Ann Renamed');
    expect(gamma.untranslated?.keys).toEqual(expect.arrayContaining(['characters[c1].name']));
    expect(JSON.stringify(page)).not.toContain('Ancien nom');
  });

  it('sends nothing above the level', async () => {
    const page = await getPublishedPerson(actor.slug, 'none', 'fr');
    const json = JSON.stringify(page);
    expect(json).not.toContain('FULLWORD');
    expect(json).not.toContain('"id":"c2"');
    expect(page!.films.find((f) => f.slug === translated.slug)).toMatchObject({
      title: 'Le film Alpha',
      characters: [{ id: 'c1', name: 'Anne la patineuse' }],
      hiddenCharacters: 1,
    });
  });

  it('shows the same films, parts and held-back counts at each level as in the site’s own language, which is unchanged', async () => {
    for (const level of SPOILER_LEVELS) {
      const [own, french] = await Promise.all([getPublishedPerson(actor.slug, level), getPublishedPerson(actor.slug, level, 'fr')]);
      const shape = (page: typeof own) =>
        page!.films.map((f) => ({ slug: f.slug, ids: f.characters.map((c) => c.id), hidden: f.hiddenCharacters, credits: f.credits }));
      expect(shape(french), level).toEqual(shape(own));
      expect(french!.knownFor).toEqual(own!.knownFor);
      expect(french!.hiddenBioParagraphs).toBe(own!.hiddenBioParagraphs);
      expect(own!.locale).toBeUndefined();
      expect(own!.films.every((f) => f.locale === undefined && f.untranslated === undefined)).toBe(true);
      expect(JSON.stringify(own)).not.toMatch(/Le film|Anne la|rivale/u);
    }
  });
});
