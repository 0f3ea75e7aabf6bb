import 'server-only';
import { cache } from 'react';
import { unstable_cache } from 'next/cache';
import type { SpoilerLevel } from '../spoilers/levels';
import { FILMS_TAG, filmTag, personTag } from '../cache/invalidate-film-pages';
import { tagsVersion } from '../cache/tag-versions.mjs';
import { boundedCache, stringBytes } from '../cache/bounded-cache.mjs';
import { getPublishedFilm, getPublishedFilmUpTo } from './get-published-film';
import { getPublishedPerson, listPublishedPeople } from './get-person';
import { getPublishedTranslation, listPublishedLanguages } from './get-published-translation';
import { countPublished } from './list-published-films';
import { FILMS_PER_PAGE, listFilmPage } from './list-published-films';
import { NO_FILTER, type FilmFilter } from './film-filter';
import { normalizeQuery, searchWithCorrection, type SearchAnswer } from './search-films';
import { listSitemaps, sitemapEntries } from '../seo/sitemap';

/*
 * The reader pages' data, in Next's data cache and tagged, so cached pages and API answers don't
 * touch the database and a publish (invalidateFilmPages: `films`, `film:{slug}` and `person:{slug}`
 * of everyone credited before and after) shows on the next request. React's cache() shares one
 * result between generateMetadata and the page in a render.
 *
 * A film page holds only that film's rows: it is tagged with its own tag, so publishing another
 * film leaves it cached. A person page holds the person and the films crediting them: tagged with
 * the person's tag, which a publish of one of those films, before or after, or a change to the
 * person invalidates. Lists span films and are tagged `films`.
 */

/**
 * Part of every key, so entries written by another process (an earlier server run, whose database
 * may have changed since without a tag being invalidated: a restore, a change in SQL) are never
 * read back. Only the shared cache (Redis) outlives a run; without it the cache is in memory
 * (lib/cache/memory-store.mjs). Costs one query per page variant after a restart.
 */
const EPOCH = `${process.pid}.${Date.now()}`;

export const getFilmCached = cache((slug: string, level: SpoilerLevel) =>
  unstable_cache(() => getPublishedFilm(slug, level), ['reader-film', EPOCH, slug, level], { tags: [filmTag(slug)] })(),
);

/** The film read up to a point (the first `upto` events seen): one entry per point, tagged like its levels. */
export const getFilmUpToCached = cache((slug: string, upto: number) =>
  unstable_cache(() => getPublishedFilmUpTo(slug, upto), ['reader-film-upto', EPOCH, slug, String(upto)], { tags: [filmTag(slug)] })(),
);

/** The film in another language at a level or up to a point (null: no published translation), tagged like the page: publishing either invalidates it. */
export const getFilmTranslationCached = cache((slug: string, locale: string, level: SpoilerLevel, upto: number | undefined) =>
  unstable_cache(
    () => getPublishedTranslation(slug, locale, upto === undefined ? { level } : { upto }),
    ['reader-film-translation', EPOCH, slug, locale, upto === undefined ? level : `upto-${upto}`],
    { tags: [filmTag(slug)] },
  )(),
);

/** The languages a published film has a published translation in (listPublishedLanguages), tagged like its page. */
export const listFilmLanguagesCached = cache((slug: string) =>
  unstable_cache(() => listPublishedLanguages(slug), ['reader-film-languages', EPOCH, slug], { tags: [filmTag(slug)] })(),
);

/**
 * A person's page at a level; with `locale`, in a translation's language (it shows the films'
 * published translations: a translation's publish or take-down invalidates the tags of the people
 * its film credits, lib/translations/publish-translation.ts).
 */
export const getPersonCached = cache((slug: string, level: SpoilerLevel, locale?: string) =>
  unstable_cache(() => getPublishedPerson(slug, level, locale), ['reader-person', EPOCH, slug, level, locale ?? ''], {
    tags: [personTag(slug)],
  })(),
);

/**
 * The version that last invalidated `films`, read through the data cache so that the page that
 * searches is tagged `films` as well: a publish invalidates the cached search page too.
 */
const catalogueVersion = () => unstable_cache(() => tagsVersion([FILMS_TAG]), ['reader-catalogue-version', EPOCH], { tags: [FILMS_TAG] })();

/**
 * Search results per query and level, in this process, keyed by the version that last invalidated
 * `films` (lib/cache/tag-versions.mjs: any publish or unpublish, on any instance with Redis), read
 * before the query runs, so results are never older than the last publish: a popular query
 * costs one database round trip per publish instead of one per request. Kept in a bounded LRU in
 * memory rather than in the data cache, because queries come from anyone and the data cache would
 * write each distinct one to disk or Redis. Concurrent misses for one key share one query.
 */
const searchResults = boundedCache<string, SearchAnswer, { text: string; level: SpoilerLevel; locale?: string }>('search-results', {
  holds: 'search results per query, level and language (lib/reader/cached-reader.ts)',
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (answer, key) => stringBytes(key) + stringBytes(JSON.stringify(answer)),
  fetchMethod: (_key, _stale, { context }) => searchWithCorrection(context.text, context.level, context.locale),
});

export const NO_ANSWER: SearchAnswer = { hits: [], correctedTo: null, near: [] };

/** `locale`: in a translation's language (its search documents); absent, the pages' own. */
export const searchCached = cache(async (query: string, level: SpoilerLevel, locale?: string): Promise<SearchAnswer> => {
  const text = normalizeQuery(query);
  if (!text) return NO_ANSWER;
  const version = await catalogueVersion().catch(() => null);
  // Without the version (Redis not answering), no cached results: the database answers.
  if (version === null) return searchWithCorrection(text, level, locale);
  const key = JSON.stringify([version, level, text, locale ?? '']);
  return (await searchResults.fetch(key, { context: { text, level, locale } })) ?? NO_ANSWER;
});

/**
 * One page of the home page's list (1-based), optionally filtered (genre, year, country) and
 * sorted; with `locale`, the list in a translation's language (the films published in it).
 */
export const listFilmPageCached = cache(
  (page: number, filter: FilmFilter = NO_FILTER, pageSize: number = FILMS_PER_PAGE, locale?: string) =>
    unstable_cache(
      () => listFilmPage(page, filter, pageSize, locale),
      [
        'reader-films',
        EPOCH,
        String(page),
        filter.genre ?? '',
        String(filter.year ?? ''),
        filter.country ?? '',
        filter.sort,
        String(pageSize),
        locale ?? '',
      ],
      { tags: [FILMS_TAG] },
    )(),
);

/** The people index: the first `limit` people by name, and how many there are. */
export const listPeopleCached = cache((limit: number) =>
  unstable_cache(
    async () => {
      const [people, counts] = await Promise.all([listPublishedPeople({ limit }), countPublished()]);
      return { people, total: counts.people };
    },
    ['reader-people', EPOCH, String(limit)],
    { tags: [FILMS_TAG] },
  )(),
);

export const listSitemapsCached = cache(() => unstable_cache(() => listSitemaps(), ['reader-sitemaps', EPOCH], { tags: [FILMS_TAG] })());

export const sitemapEntriesCached = cache((id: string) =>
  unstable_cache(() => sitemapEntries(id), ['reader-sitemap', EPOCH, id], { tags: [FILMS_TAG] })(),
);
