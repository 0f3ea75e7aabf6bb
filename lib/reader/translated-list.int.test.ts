/**
 * The film list in a translation's language (lib/reader/list-published-films.ts with `locale`): the
 * films published in it only, each text as its readers get it (the translation's where it is up to
 * date, the page's own otherwise, named in `untranslated`), ordered by the title in it, counted
 * apart; the site's own list unchanged.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeActor } from '../../test-support/actors';
import { sampleFilm } from '../../test-support/sample-film';
import { storeImagesOf } from '../../test-support/published-page';
import { createFilm, publishFilm, saveDraft } from '../films';
import type { Actor } from '../auth/permissions';
import type { FilmContent } from '../content/schema';
import { saveTranslation } from '../translations/save-translation';
import { publishTranslation, unpublishTranslation } from '../translations/publish-translation';
import { listFilmPage } from './list-published-films';
import { NO_FILTER, type FilmSort } from './film-filter';

process.env.SITE_LOCALES = 'en,fr';

let admin: Actor;
const tag = Date.now().toString(36);
const genre = `listed${tag}`;

function film(name: string, title: string): FilmContent {
  const base = sampleFilm();
  return sampleFilm({
    slug: `listed-${name}-${tag}`,
    title,
    premise: `The premise of ${name}.`,
    facts: { ...base.facts!, genres: [genre] },
    poster: { image: randomBytes(16).toString('hex'), alt: `Poster of ${name}`, spoiler: 'none' },
  });
}

async function publish(content: FilmContent, french: Record<string, string> | null) {
  await storeImagesOf(content);
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: revision.number, actor: admin });
  if (!french) return content;
  await saveTranslation({ slug: content.slug, locale: 'fr', baseRevision: 0, sourceRevision: 1, texts: french, message: '', actor: admin });
  await publishTranslation({ slug: content.slug, locale: 'fr', revision: 1, actor: admin });
  return content;
}

const list = (sort: FilmSort = 'published', locale?: string) => listFilmPage(1, { ...NO_FILTER, genre, sort }, 24, locale);

let whole: FilmContent;
let titleless: FilmContent;
let untranslatedFilm: FilmContent;
let outdated: FilmContent;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  whole = await publish(film('whole', 'Alpha'), {
    title: 'Zèbre',
    premise: 'Le point de départ, en entier.',
    'poster.alt': 'Affiche du film',
  });
  titleless = await publish(film('titleless', 'Mango'), { premise: 'Un point de départ sans titre traduit.' });
  untranslatedFilm = await publish(film('english', 'Beta'), null);
  outdated = await publish(film('outdated', 'Kilo'), { title: 'Kilo en français', premise: 'Un ancien point de départ.' });
  // The page's premise changes after the translation was made from it: French readers get the new English one.
  const changed = { ...outdated, premise: 'The premise, rewritten.' };
  const { revision } = await saveDraft({ slug: outdated.slug, baseRevision: 1, content: changed, actor: admin });
  await publishFilm({ slug: outdated.slug, revision, actor: admin });
});

describe('the film list in a translation’s language', () => {
  it('lists the films published in it, each text the translation’s where it is up to date and named otherwise', async () => {
    const french = await list('published', 'fr');
    expect(french.facets.total).toBe(3);
    expect(french.films.map((f) => f.slug)).toEqual([outdated.slug, titleless.slug, whole.slug]);
    const [kilo, mango, alpha] = french.films;
    expect(alpha).toMatchObject({ title: 'Zèbre', premise: 'Le point de départ, en entier.' });
    expect(alpha.poster?.alt).toBe('Affiche du film');
    expect(alpha.untranslated).toBeUndefined();
    expect(mango).toMatchObject({ title: 'Mango', premise: 'Un point de départ sans titre traduit.' });
    expect(mango.untranslated).toEqual({ lang: 'en', keys: ['title', 'poster.alt'] });
    expect(kilo).toMatchObject({ title: 'Kilo en français', premise: 'The premise, rewritten.' });
    expect(kilo.untranslated).toEqual({ lang: 'en', keys: ['premise', 'poster.alt'] });
    expect(JSON.stringify(french)).not.toContain(untranslatedFilm.slug);
  });

  it('orders by the title in it, and leaves the site’s own list as it was', async () => {
    expect((await list('title', 'fr')).films.map((f) => f.title)).toEqual(['Kilo en français', 'Mango', 'Zèbre']);
    const english = await list('title');
    expect(english.films.map((f) => f.title)).toEqual(['Alpha', 'Beta', 'Kilo', 'Mango']);
    expect(english.facets.total).toBe(4);
    expect(english.films.every((f) => f.untranslated === undefined)).toBe(true);
    expect(JSON.stringify(english)).not.toMatch(/Zèbre|Affiche|français/u);
  });

  it('drops a film whose translation is taken down, and lists none in a language nothing is published in', async () => {
    await unpublishTranslation({ slug: whole.slug, locale: 'fr', actor: admin });
    expect((await list('published', 'fr')).films.map((f) => f.slug)).toEqual([outdated.slug, titleless.slug]);
    const german = await listFilmPage(1, { ...NO_FILTER, genre }, 24, 'de');
    expect(german).toMatchObject({ films: [], pages: 1, facets: { total: 0 } });
  });
});
