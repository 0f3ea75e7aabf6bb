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
      (await listFilmPage(1, { genre: genreFilter, year })).films.map((f) => f.slug);
    const byGenre = await slugs(genre.toLowerCase(), null);
    expect(byGenre).toEqual(expect.arrayContaining([a.slug, b.slug]));
    expect(byGenre).not.toContain(c.slug);
    expect(await slugs(genre.toLowerCase(), 1999)).toEqual([b.slug]);
    expect(await slugs(genre.toLowerCase(), 1870)).toEqual([]);
    expect((await listFilmPage(1, { genre: genre.toLowerCase(), year: 1999 })).pages).toBe(1);
    // The facets: each genre and year with how many films it holds under the other filter.
    const { facets } = await listFilmPage(1, { genre: genre.toLowerCase(), year: null });
    expect(facets.total).toBe(byGenre.length);
    expect(facets.years).toEqual(expect.arrayContaining([{ year: 1999, count: 1 }]));
    const inYear = (await listFilmPage(1, { genre: null, year: 1999 })).facets;
    expect(inYear.genres.find((g) => g.genre === genre.toLowerCase())?.count).toBeGreaterThanOrEqual(1);
    await unpublishFilm({ slug: b.slug, actor: admin });
    expect(await slugs(genre.toLowerCase(), 1999)).toEqual([]);
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
