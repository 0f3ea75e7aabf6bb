import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HomeView } from './home-view';
import { filterText } from '@/lib/i18n/reader-text';
import { translationLocales } from '@/lib/i18n/site-locales';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { FILMS_PER_PAGE } from '@/lib/reader/list-published-films';
import { FILTER_PROBLEMS, NO_FILTER, filterFromSegments, isFiltered, listPageHref } from '@/lib/reader/film-filter';
import { listPageNumber } from '@/lib/seo/list-metadata';
import { absoluteUrl } from '@/lib/seo/site-url';

/**
 * The filtered and sorted list's routes, in the site's language (`/filter/…`) and a translation's
 * (`/fr/filter/…`): proxy.ts rewrites `/?genre=…&year=…&country=…&sort=…` (and `/fr?…`) there.
 * Rendered on first visit, then cached until a publish (tag `films`), like `/page/N`.
 */
type Segments = { genre: string; year: string; country: string; sort: string; n: string; locale?: string };

/** The filter and page the segments name (null: none), and the language (null: one the site lacks). */
function read({ genre, year, country, sort, n, locale }: Segments) {
  const known = locale === undefined || translationLocales().includes(locale);
  return { filter: filterFromSegments({ genre, year, country, sort }), page: listPageNumber(n), known };
}

export function filteredListMetadata(segments: Segments): Metadata {
  const { filter, page, known } = read(segments);
  if (!filter || page === null || !known) return {};
  const text = filterText(segments.locale);
  const what = isFiltered(filter) ? text.filtered(text.words(filter), 1, 1) : text.sortedBy(filter.sort);
  return {
    title: `${what}${page > 1 ? `, page ${page}` : ''}`,
    alternates: { canonical: absoluteUrl(listPageHref(page, filter, segments.locale)) },
  };
}

export async function FilteredList(segments: Segments) {
  const { filter, page, known } = read(segments);
  if (!filter || page === null || !known) notFound();
  const list = await listFilmPageCached(page, filter, FILMS_PER_PAGE, segments.locale);
  if (page > list.pages) notFound();
  return <HomeView {...list} filter={filter} locale={segments.locale} />;
}

/**
 * `/?year=abcd` and other filters that are no filter (`/filter/invalid/{field}`, `/fr/filter/invalid/{field}`):
 * the first page of films with a message in the filter form that says what to type instead. One
 * cached page per field and language (tag `films` through its data, like the lists).
 */
export async function InvalidFilterList({ field, locale }: { field: string; locale?: string }) {
  const problem = Object.hasOwn(FILTER_PROBLEMS, field) ? FILTER_PROBLEMS[field as keyof typeof FILTER_PROBLEMS] : null;
  if (!problem || (locale !== undefined && !translationLocales().includes(locale))) notFound();
  const list = await listFilmPageCached(1, NO_FILTER, FILMS_PER_PAGE, locale);
  return <HomeView {...list} problem={problem} locale={locale} />;
}
