import { NotFoundView } from '@/components/reader/not-found-view';
import { defaultLocale } from '@/lib/i18n/site-locales';
import { missingCopy } from '@/lib/reader/missing-page';

/**
 * notFound() from a translation's page (a film, a person, a list page): the site's 404 words, which
 * fit any of them, in its own language and marked so inside the translation's document. Next gives
 * a not-found page no params, so it cannot tell the language or the kind of address.
 */
export default function TranslatedNotFound() {
  return <NotFoundView {...missingCopy('page')} lang={defaultLocale()} />;
}
