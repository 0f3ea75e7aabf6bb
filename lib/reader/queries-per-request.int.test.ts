import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { createPublishedFilms } from '../films';
import { makeActor } from '../../test-support/actors';
import { countQueries, disconnectQueryCounter } from '../../test-support/count-queries';
import { listFilms } from '../films/list-editor-films';
import { listSitemaps, sitemapEntries } from '../seo/sitemap';
import type { Actor } from '../auth/permissions';
import { getPublishedFilm } from './get-published-film';
import { getPublishedPerson } from './get-person';
import { listFilmPage } from './list-published-films';
import { NO_FILTER } from './film-filter';
import { searchPublished } from './search-films';

/*
 * What one uncached request costs in SQL statements (at most 2), counted at the driver.
 * Cached requests cost none: they never reach these functions (the data cache answers; see the
 * scale benchmark, which counts statements on the server under load).
 */
let editor: Actor;
const run = Date.now().toString(36);
const slug = `queries-${run}`;
const person = `queries-person-${run}`;

beforeAll(async () => {
  const admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
  const base = sampleFilm();
  await createPublishedFilms({
    contents: [
      sampleFilm({
        slug,
        title: `Queries ${run}`,
        characters: [{ ...base.characters[0], playedBy: { name: `Queries Person ${run}`, slug: person } }],
      }),
    ],
    actor: admin,
  });
});

afterAll(() => disconnectQueryCounter());

const statements = async (fn: () => Promise<unknown>) => (await countQueries(fn)).queries.length;

describe('SQL statements per uncached request', () => {
  it('is one for a film page or a person page at any level, and for a search', async () => {
    for (const level of ['none', 'light', 'full'] as const) {
      const { result, queries } = await countQueries(() => getPublishedFilm(slug, level));
      expect(result?.slug).toBe(slug);
      expect(queries).toHaveLength(1);
      expect(await statements(() => getPublishedPerson(person, level))).toBe(1);
      expect(await statements(() => searchPublished('skater', level))).toBe(1);
    }
  });

  it('is at most two for lists: the home page (in any language), the sitemap, the editor’s film list', async () => {
    expect(await statements(() => listFilmPage(1))).toBe(2);
    expect(await statements(() => listFilmPage(1, { ...NO_FILTER, sort: 'title' }, 24, 'fr'))).toBe(2);
    expect(await statements(() => listSitemaps())).toBe(2);
    expect(await statements(() => sitemapEntries('films-0'))).toBe(1);
    expect(await statements(() => sitemapEntries('people-0'))).toBe(1);
    expect(await statements(() => listFilms({ actor: editor, q: run, status: 'published', page: 1 }))).toBe(2);
  });
});
