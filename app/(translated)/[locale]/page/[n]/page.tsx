import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HomeView } from '@/components/reader/home-view';
import { readerText } from '@/lib/i18n/reader-text';
import { translationLocales } from '@/lib/i18n/site-locales';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { FILMS_PER_PAGE } from '@/lib/reader/list-published-films';
import { NO_FILTER } from '@/lib/reader/film-filter';
import { listPageNumber, listAlternates } from '@/lib/seo/list-metadata';
import { buildAddress } from '@/lib/reader/reader-address.mjs';
import { absoluteUrl } from '@/lib/seo/site-url';

/**
 * The film list in a translation's language: `/{locale}` (proxy.ts rewrites it onto page 1 here)
 * and `/{locale}/page/{N}`. The films published in that language, their texts in it, newest first;
 * rendered on first visit, then cached until a publish (tagged like every list).
 */
type Props = PageProps<'/[locale]/page/[n]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, n } = await params;
  const page = listPageNumber(n) ?? 1;
  const t = readerText(locale);
  return {
    title: page === 1 ? { absolute: t('list.documentTitle') } : t('list.pageTitle', { page }),
    alternates: { canonical: absoluteUrl(buildAddress({ kind: 'list', page, locale })), languages: listAlternates(page) },
  };
}

export default async function TranslatedFilmListRoute({ params }: Props) {
  const { locale, n } = await params;
  const page = listPageNumber(n);
  // A language the site lacks reads nothing (and caches nothing), whatever reached the route.
  if (page === null || !translationLocales().includes(locale)) notFound();
  const list = await listFilmPageCached(page, NO_FILTER, FILMS_PER_PAGE, locale);
  if (page > list.pages) notFound();
  return <HomeView {...list} locale={locale} />;
}

export function generateStaticParams() {
  return [];
}
