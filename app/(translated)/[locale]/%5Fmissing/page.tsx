import type { Metadata } from 'next';
import { NotFoundView } from '@/components/reader/not-found-view';
import { readerText } from '@/lib/i18n/reader-text';

/**
 * `/{locale}/_missing`: where proxy.ts sends a translation's address that names nothing published,
 * so its 404 page is that language's, rendered to HTML. A page rather than notFound(), whose page
 * streams without its words (vercel/next.js#62228); proxy.ts gives it the 404 status
 * (PAGE_STATUS_HEADER). The site's own language has MISSING_PATH, which no route matches.
 */
type Props = { params: Promise<{ locale: string }> };

/** The document's title, through the layout's template (NotFoundView's own is left out). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return { title: readerText(locale)('missing.page.title'), robots: { index: false } };
}

export default async function TranslatedMissing({ params }: Props) {
  const { locale } = await params;
  return <NotFoundView section="page" locale={locale} titled={false} />;
}
