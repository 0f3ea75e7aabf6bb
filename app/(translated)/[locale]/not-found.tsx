import { NotFoundView } from '@/components/reader/not-found-view';
import { ViewByLocale } from '@/components/reader/view-by-locale';
import { translationLocales } from '@/lib/i18n/site-locales';

/**
 * notFound() from a translation's page (a film, a person, a list page, the missing route): the
 * site's 404 words, which fit any of them, in the page's language. Next gives a not-found page no
 * params, so it is rendered in each translation's language and the address picks one.
 */
export default function TranslatedNotFound() {
  const views = Object.fromEntries(
    translationLocales().map((locale) => [locale, <NotFoundView key={locale} section="page" locale={locale} />]),
  );
  return <ViewByLocale views={views} fallback={<NotFoundView section="page" />} />;
}
