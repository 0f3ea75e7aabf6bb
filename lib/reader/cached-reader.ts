import 'server-only';
import { cache } from 'react';
import { unstable_cache } from 'next/cache';
import type { SpoilerLevel } from '../spoilers/levels';
import { FILMS_TAG, filmTag } from './film-cache';
import { getPublishedFilm } from './get-published-film';
import { getPublishedPerson } from './get-person';
import { listFilmPage } from './list-films';
import { listSitemapIds, sitemapEntries } from '../seo/sitemap';

/*
 * The reader pages' data, in Next's data cache and tagged, so cached pages and API answers don't
 * touch the database and a publish (invalidateFilmPages: `films` + `film:{slug}`) shows on the next
 * request. React's cache() shares one result between generateMetadata and the page in a render.
 *
 * A film page holds only that film's rows: it is tagged with its own tag, so publishing another
 * film leaves it cached. Lists and people pages span films and are tagged `films`.
 */

/**
 * Part of every key, so entries written by another process (an earlier build or server run, whose
 * database may have changed since) are never read back: Next keeps this cache on disk across runs
 * while its record of invalidated tags lives in memory only. Costs one query per page variant after
 * a restart; saves serving a page from before a publish.
 */
const EPOCH = `${process.pid}.${Date.now()}`;

export const getFilmCached = cache((slug: string, level: SpoilerLevel) =>
  unstable_cache(() => getPublishedFilm(slug, level), ['reader-film', EPOCH, slug, level], { tags: [filmTag(slug)] })(),
);

export const getPersonCached = cache((slug: string, level: SpoilerLevel) =>
  unstable_cache(() => getPublishedPerson(slug, level), ['reader-person', EPOCH, slug, level], { tags: [FILMS_TAG] })(),
);

/** One page of the home page's list (1-based), newest first. */
export const listFilmPageCached = cache((page: number) => unstable_cache(() => listFilmPage(page), ['reader-films', EPOCH, String(page)], { tags: [FILMS_TAG] })());

export const listSitemapIdsCached = cache(() => unstable_cache(() => listSitemapIds(), ['reader-sitemaps', EPOCH], { tags: [FILMS_TAG] })());

export const sitemapEntriesCached = cache((id: string) => unstable_cache(() => sitemapEntries(id), ['reader-sitemap', EPOCH, id], { tags: [FILMS_TAG] })());
