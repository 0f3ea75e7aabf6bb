import { beforeAll, describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { createPublishedFilms } from '../films';
import { makeActor } from '../../test-support/actors';
import { countPublished, listFilmPage, listFilmSummaries, FILMS_PER_PAGE } from '../reader/list-published-films';
import { listPublishedPeople } from '../reader/get-person';
import { absoluteUrl } from './site-url';
import { fitsOneSitemap, listSitemaps, sitemapEntries, sitemapIndexXml, sitemapIds } from './sitemap';

const run = Date.now().toString(36);

beforeAll(async () => {
  const admin = await makeActor('ADMIN');
  // Enough films for several pages of the home list and several small child sitemaps.
  const contents = Array.from({ length: FILMS_PER_PAGE + 5 }, (_, i) =>
    sampleFilm({
      slug: `sitemap-${run}-${i}`,
      title: `Sitemap ${i}`,
      characters: [{ ...sampleFilm().characters[0], playedBy: { name: `Sitemap Person ${run} ${i}`, slug: `sitemap-person-${run}-${i}` } }],
    }),
  );
  await createPublishedFilms({ contents, actor: admin });
});

describe('sitemaps', () => {
  it('splits every address into child sitemaps of at most `size`, each address once, films newest first', async () => {
    const size = 7;
    const counts = await countPublished();
    const { ids, whole } = await listSitemaps(size);
    expect(ids).toEqual(sitemapIds(counts, size));
    expect(whole).toBe(false);
    expect((await listSitemaps()).whole).toBe(1 + counts.films + counts.people <= 5_000);
    expect(ids.filter((id) => id.startsWith('films-'))).toHaveLength(Math.ceil((counts.films + 1) / size));
    expect(ids.filter((id) => id.startsWith('people-'))).toHaveLength(Math.ceil(counts.people / size));

    const chunks = await Promise.all(ids.map((id) => sitemapEntries(id, size)));
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(size);
    const urls = chunks.flat().map((entry) => entry.url);
    expect(new Set(urls).size).toBe(urls.length);
    const films = await listFilmSummaries();
    const people = await listPublishedPeople();
    expect(urls).toEqual([
      absoluteUrl('/'),
      ...films.map((f) => absoluteUrl(`/films/${f.slug}`)),
      ...people.map((p) => absoluteUrl(`/people/${p.slug}`)),
    ]);
    expect(urls).toContain(absoluteUrl(`/films/sitemap-${run}-0`));
    expect(urls).toContain(absoluteUrl(`/people/sitemap-person-${run}-0`));

    expect(await sitemapEntries(`films-${ids.length + 5}`, size)).toEqual([]);
    expect(await sitemapEntries('films-x', size)).toEqual([]);
    expect(await sitemapEntries('../secrets', size)).toEqual([]);
  });

  it('is one sitemap while one file holds everything, an index of the children beyond', () => {
    expect(fitsOneSitemap({ films: 5, people: 4 }, 10)).toBe(true);
    expect(fitsOneSitemap({ films: 5, people: 5 }, 10)).toBe(false);
    expect(fitsOneSitemap({ films: 10_000, people: 20_000 })).toBe(false);
    expect(sitemapIds({ films: 0, people: 0 }, 10)).toEqual(['films-0']);
    expect(sitemapIds({ films: 9, people: 0 }, 10)).toEqual(['films-0']);
    expect(sitemapIds({ films: 10, people: 10 }, 10)).toEqual(['films-0', 'films-1', 'people-0']);
    // 10,000 films and 20,000 people at the default size: an index of 2 + 4 children.
    expect(sitemapIds({ films: 10_000, people: 20_000 })).toEqual([
      'films-0',
      'films-1',
      'films-2',
      'people-0',
      'people-1',
      'people-2',
      'people-3',
    ]);
    const xml = sitemapIndexXml(['films-0', 'people-0']);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/u,
    );
    expect([...xml.matchAll(/<sitemap>\n<loc>([^<]+)<\/loc>\n<\/sitemap>/gu)].map((m) => m[1])).toEqual([
      absoluteUrl('/sitemaps/sitemap/films-0.xml'),
      absoluteUrl('/sitemaps/sitemap/people-0.xml'),
    ]);
  });
});

describe('the home page list', () => {
  it('pages newest first in the query, every film once', async () => {
    const first = await listFilmPage(1);
    const { films } = await countPublished().then((c) => ({ films: c.films }));
    expect(first.pages).toBe(Math.ceil(films / FILMS_PER_PAGE));
    expect(first.films).toHaveLength(FILMS_PER_PAGE);
    const all = [];
    for (let page = 1; page <= first.pages; page += 1) all.push(...(await listFilmPage(page)).films);
    expect(all.map((f) => f.slug)).toEqual((await listFilmSummaries()).map((f) => f.slug));
    expect(new Set(all.map((f) => f.slug)).size).toBe(films);
    expect((await listFilmPage(first.pages + 1)).films).toEqual([]);
  });
});
