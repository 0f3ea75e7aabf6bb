import { NotFoundView } from '@/components/reader/not-found-view';
import { ViewByLocale } from '@/components/reader/view-by-locale';
import { translationLocales } from '@/lib/i18n/site-locales';

/**
 * notFound() from a translation's page (proxy.ts sends what it can tell is missing to
 * `/{locale}/_missing` first): the site's 404 words, which fit any page, in the page's language.
 * Next gives a not-found page no params, so it is rendered in each translation's language and the
 * address picks one; like any notFound(), it shows once the page's script runs (vercel/next.js#62228).
 */
export default function TranslatedNotFound() {
  const views = Object.fromEntries(
    translationLocales().map((locale) => [locale, <NotFoundView key={locale} section="page" locale={locale} />]),
  );
  return <ViewByLocale views={views} fallback={<NotFoundView section="page" />} />;
}
