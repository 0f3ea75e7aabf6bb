import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, getDraft, publishFilm, saveDraft, unpublishFilm } from '../films';
import { visibleFilm } from '../spoilers/visible-film';
import { SPOILER_LEVELS } from '../spoilers/levels';
import { db } from '../db';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import type { FilmContent } from '../content/schema';
import { getPublishedFilm } from './get-published-film';
import { getPublishedPerson, listPublishedPeople } from './get-person';
import { listFilmPage } from './list-published-films';
import { NO_FILTER, type FilmFilter } from './film-filter';
import { updatePersonDates } from '../people/update-person-dates';
import { personDatesSchema } from '../people/person-schema';

let admin: Actor;
let editor: Actor;
const tag = Date.now().toString(36);
const person = (name: string) => ({ name: `${name} ${tag}`, slug: `${name.toLowerCase().replace(/ /gu, '-')}-${tag}` });
const director = person('Dee Rector');
const writer = person('Wri Ter');
const genre = `Genre${tag}`;

/** The sample film with its own slug and people; its first actor also writes it. */
function film(name: string, overrides: Partial<FilmContent> = {}): FilmContent {
  const base = sampleFilm();
  const actor = person(`Actor ${name}`);
  return sampleFilm({
    slug: `facts-${name}-${tag}`,
    title: `Facts ${name} ${tag}`,
    characters: [
      { ...base.characters[0], playedBy: actor },
      { ...base.characters[1], playedBy: person(`Hidden ${name}`) },
    ],
    facts: {
      releaseDate: '2020-05-01',
      runtimeMinutes: 94,
      directors: [director],
      writers: [writer, actor],
      genres: [genre, 'Drama'],
      countries: ['CA'],
      languages: ['en'],
      ageRatings: ['Canada: PG'],
      imdbId: 'tt1234567',
      wikidataId: 'Q42',
    },
    ...overrides,
  });
}

async function published(content: FilmContent) {
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: revision.number, actor: admin });
  return content;
}

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('film facts, stored and published', () => {
  it('are kept by a revision and read back by the reader exactly as the preview shows them, at every level', async () => {
    const content = await published(film('parity'));
    expect((await getDraft({ slug: content.slug, actor: admin })).content.facts).toEqual(content.facts);
    for (const level of SPOILER_LEVELS) expect(await getPublishedFilm(content.slug, level)).toEqual(visibleFilm(content, level));
  });

  it('give directors and writers person pages that list their credits, beside their parts', async () => {
    const content = await published(film('roles'));
    const directorPage = await getPublishedPerson(director.slug, 'none');
    expect(directorPage?.films.find((f) => f.slug === content.slug)).toMatchObject({
      credits: ['director'],
      characters: [],
      hiddenCharacters: 0,
    });
    const actor = content.characters[0].playedBy!;
    const actorPage = await getPublishedPerson(actor.slug, 'none');
    expect(actorPage?.films).toEqual([
      expect.objectContaining({
        slug: content.slug,
        credits: ['writer'],
        characters: [expect.objectContaining({ name: content.characters[0].name })],
      }),
    ]);
    expect((await listPublishedPeople()).map((p) => p.slug)).toEqual(expect.arrayContaining([director.slug, writer.slug]));
  });

  it('never list a part hidden at the reader’s level, even for someone with credits', async () => {
    const hiddenActor = person('Hidden spoiler');
    const content = await published(
      film('spoiler', {
        characters: [{ ...sampleFilm().characters[1], playedBy: hiddenActor }],
        facts: { ...film('x').facts, writers: [hiddenActor] },
      }),
    );
    const none = await getPublishedPerson(hiddenActor.slug, 'none');
    const entry = none?.films.find((f) => f.slug === content.slug);
    expect(entry).toMatchObject({ credits: ['writer'], characters: [], hiddenCharacters: 1 });
    expect(JSON.stringify(none)).not.toContain('FULLWORD');
    const full = await getPublishedPerson(hiddenActor.slug, 'full');
    expect(full?.films.find((f) => f.slug === content.slug)?.characters).toHaveLength(1);
  });

  it('remove a person’s page once no published film credits them', async () => {
    const lone = person('Lone Director');
    const content = await published(film('lone', { facts: { ...film('x').facts, directors: [lone] } }));
    expect(await getPublishedPerson(lone.slug, 'none')).not.toBeNull();
    const { revision } = await saveDraft({
      slug: content.slug,
      baseRevision: 1,
      content: { ...content, facts: { ...content.facts, directors: [] } },
      actor: admin,
    });
    await publishFilm({ slug: content.slug, revision, actor: admin });
    expect(await getPublishedPerson(lone.slug, 'none')).toBeNull();
    expect(await getPublishedPerson(director.slug, 'none')).not.toBeNull();
  });

  it('filter the home page’s list by genre (any case) and year, in SQL, with its own page count', async () => {
    const a = await published(film('filter-a', { releaseYear: 2020 }));
    const b = await published(film('filter-b', { releaseYear: 1999, facts: { ...film('x').facts, releaseDate: '' } }));
    const c = await published(film('filter-c', { facts: { ...film('x').facts, genres: ['Comedy'] } }));
    const slugs = async (genreFilter: string | null, year: number | null) =>
      (await listFilmPage(1, { ...NO_FILTER, genre: genreFilter, year })).films.map((f) => f.slug);
    const byGenre = await slugs(genre.toLowerCase(), null);
    expect(byGenre).toEqual(expect.arrayContaining([a.slug, b.slug]));
    expect(byGenre).not.toContain(c.slug);
    expect(await slugs(genre.toLowerCase(), 1999)).toEqual([b.slug]);
    expect(await slugs(genre.toLowerCase(), 1870)).toEqual([]);
    expect((await listFilmPage(1, { ...NO_FILTER, genre: genre.toLowerCase(), year: 1999 })).pages).toBe(1);
    // The facets: each genre and year with how many films it holds under the other filter.
    const { facets } = await listFilmPage(1, { ...NO_FILTER, genre: genre.toLowerCase() });
    expect(facets.total).toBe(byGenre.length);
    expect(facets.years).toEqual(expect.arrayContaining([{ year: 1999, count: 1 }]));
    const inYear = (await listFilmPage(1, { ...NO_FILTER, year: 1999 })).facets;
    expect(inYear.genres.find((g) => g.genre === genre.toLowerCase())?.count).toBeGreaterThanOrEqual(1);
    await unpublishFilm({ slug: b.slug, actor: admin });
    expect(await slugs(genre.toLowerCase(), 1999)).toEqual([]);
  });
});

describe('browsing the home page’s list', () => {
  const browseGenre = `browse${tag}`;
  const facts = (countries: string[], genres = [browseGenre]) => ({ ...film('x').facts, releaseDate: '', genres, countries });
  const list = (filter: Partial<FilmFilter>) => listFilmPage(1, { ...NO_FILTER, genre: browseGenre, ...filter });
  const slugs = async (filter: Partial<FilmFilter>) => (await list(filter)).films.map((f) => f.slug);
  let d: FilmContent, e: FilmContent, f: FilmContent;

  beforeAll(async () => {
    // Published in this order (newest last); titles and years chosen so the three orders differ.
    d = await published(film('browse-d', { title: `Browse aardvark ${tag}`, releaseYear: 2001, facts: facts(['FR', 'CA']) }));
    e = await published(film('browse-e', { title: `browse Alpha ${tag}`, releaseYear: 2003, facts: facts(['FR']) }));
    f = await published(film('browse-f', { title: `Browse beta ${tag}`, releaseYear: 2001, facts: facts(['JP']) }));
    // Another genre, same country and year: only a genre filter leaves it out.
    await published(film('browse-g', { releaseYear: 2001, facts: facts(['FR'], [`other${tag}`]) }));
  });

  it('count films per country in SQL, under the genre and year chosen', async () => {
    const byGenre = await list({});
    expect(byGenre.facets.total).toBe(3);
    expect(byGenre.facets.countries).toEqual([
      { country: 'FR', count: 2 },
      { country: 'CA', count: 1 },
      { country: 'JP', count: 1 },
    ]);
    expect((await list({ year: 2001 })).facets.countries).toEqual([
      { country: 'CA', count: 1 },
      { country: 'FR', count: 1 },
      { country: 'JP', count: 1 },
    ]);
    // Without a genre, the other genre's French film counts too.
    const inYear = await listFilmPage(1, { ...NO_FILTER, year: 2001 });
    const other = await listFilmPage(1, { ...NO_FILTER, genre: `other${tag}` });
    expect(other.facets.countries).toEqual([{ country: 'FR', count: 1 }]);
    expect(inYear.facets.countries.find((c) => c.country === 'FR')?.count).toBeGreaterThanOrEqual(2);
  });

  it('filter by country, combined with genre and year; each facet counts under the other two', async () => {
    expect(new Set(await slugs({ country: 'FR' }))).toEqual(new Set([d.slug, e.slug]));
    expect(await slugs({ country: 'FR', year: 2001 })).toEqual([d.slug]);
    expect(await slugs({ country: 'JP', year: 2003 })).toEqual([]);
    expect(await slugs({ country: 'DE' })).toEqual([]);
    const { facets, pages } = await list({ country: 'FR' });
    expect(pages).toBe(1);
    expect(facets.total).toBe(2);
    // Years among this genre's French films; genres among the French films of any year.
    expect(facets.years).toEqual([
      { year: 2003, count: 1 },
      { year: 2001, count: 1 },
    ]);
    expect(facets.genres.find((g) => g.genre === browseGenre)?.count).toBe(2);
    // Countries are counted under the genre (and year), not under the chosen country itself.
    expect(facets.countries.find((c) => c.country === 'JP')?.count).toBe(1);
    const frenchIn2001 = await listFilmPage(1, { ...NO_FILTER, year: 2001, country: 'FR' });
    expect(frenchIn2001.facets.genres.find((g) => g.genre === `other${tag}`)?.count).toBe(1);
    expect(frenchIn2001.facets.genres.find((g) => g.genre === browseGenre)?.count).toBe(1);
  });

  it('sort newest published first by default, by title A–Z (any case), and by release year, newest first', async () => {
    expect(await slugs({})).toEqual([f.slug, e.slug, d.slug]);
    expect(await slugs({ sort: 'published' })).toEqual([f.slug, e.slug, d.slug]);
    expect(await slugs({ sort: 'title' })).toEqual([d.slug, e.slug, f.slug]);
    // 2003 first; the two 2001 films newest published first.
    expect(await slugs({ sort: 'year' })).toEqual([e.slug, f.slug, d.slug]);
    // Sorting keeps the filter and the counts.
    expect(await slugs({ sort: 'title', country: 'FR' })).toEqual([d.slug, e.slug]);
    expect((await list({ sort: 'title' })).facets).toEqual((await list({})).facets);
  });

  it('show a poster on a card only when the poster’s own level is none, never one above it', async () => {
    const asset = async (width: number, height: number) => {
      const sha256 = randomBytes(32).toString('hex');
      const id = sha256.slice(0, 32);
      await db().imageAsset.create({ data: { id, sha256, width, height, mime: 'image/jpeg', bytes: 1000, variants: [] } });
      return id;
    };
    const posterGenre = `posters${tag}`;
    const [open, light, full] = [await asset(600, 900), await asset(400, 600), await asset(500, 750)];
    const shown = await published(
      film('poster-none', { facts: facts([], [posterGenre]), poster: { image: open, alt: `Open poster ${tag}`, spoiler: 'none' } }),
    );
    const atLight = await published(
      film('poster-light', { facts: facts([], [posterGenre]), poster: { image: light, alt: `LIGHTPOSTER ${tag}`, spoiler: 'light' } }),
    );
    const atFull = await published(
      film('poster-full', { facts: facts([], [posterGenre]), poster: { image: full, alt: `FULLPOSTER ${tag}`, spoiler: 'full' } }),
    );
    const page = await listFilmPage(1, { ...NO_FILTER, genre: posterGenre });
    const card = (slug: string) => page.films.find((film) => film.slug === slug);
    expect(card(shown.slug)?.poster).toEqual({
      image: open,
      alt: `Open poster ${tag}`,
      width: 600,
      height: 900,
      version: 1,
      focal: { x: 0.5, y: 0.5 },
    });
    expect(card(atLight.slug)?.poster).toBeNull();
    expect(card(atFull.slug)?.poster).toBeNull();
    // Nothing of the hidden posters is in the list's data, in any order.
    for (const sort of ['published', 'title', 'year'] as const) {
      const text = JSON.stringify(await listFilmPage(1, { ...NO_FILTER, genre: posterGenre, sort }));
      expect(text).not.toContain(light);
      expect(text).not.toContain(full);
      expect(text).not.toMatch(/LIGHTPOSTER|FULLPOSTER|LIGHTWORD|FULLWORD/u);
    }
    // The film page at full does show them: the list leaves them out because of their level.
    expect((await getPublishedFilm(atFull.slug, 'full'))?.poster?.image).toBe(full);
  });
});

describe('a person’s dates', () => {
  it('are set by an editor, shown on the person page and audited', async () => {
    await published(film('dates'));
    const result = await updatePersonDates(
      editor,
      personDatesSchema.parse({ slug: director.slug, birthDate: '1970-01-31', deathDate: '' }),
    );
    expect(result).toEqual({ slug: director.slug, birthDate: '1970-01-31', deathDate: '' });
    expect(await getPublishedPerson(director.slug, 'none')).toMatchObject({ birthDate: '1970-01-31', deathDate: '' });
    const audit = await db().auditLog.findFirst({ where: { action: 'person.update', subject: director.slug }, orderBy: { id: 'desc' } });
    expect(audit?.details).toMatchObject({ after: { birthDate: '1970-01-31', deathDate: '' } });
  });

  it('refuse dates that are not dates, a death before the birth, and people who are not on the site', async () => {
    expect(personDatesSchema.safeParse({ slug: director.slug, birthDate: '31/01/1970' }).success).toBe(false);
    const reversed = personDatesSchema.safeParse({ slug: director.slug, birthDate: '2000-01-01', deathDate: '1999-01-01' });
    expect(reversed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['deathDate', 'The date of death must be after the date of birth'],
    ]);
    await expect(updatePersonDates(editor, { slug: `nobody-${tag}`, birthDate: '', deathDate: '' })).rejects.toMatchObject({ status: 404 });
  });
});
