import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { SiteFooter, SiteHeader } from '@/components/reader/site-header';
import { RootDocument, SITE_METADATA } from '@/components/site/root-document';
import { readerText } from '@/lib/i18n/reader-text';
import { translationLocales } from '@/lib/i18n/site-locales';

/**
 * The reader site in a translation's language (`/fr/films/{slug}`): a root layout of its own, so
 * the document says its language (`<html lang="fr">`) and the frame speaks it. The site's own
 * language keeps its addresses without a prefix (app/(reader)); proxy.ts sends a language the site
 * does not have to the 404 page before this renders.
 */
type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export function generateStaticParams() {
  return translationLocales().map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const { locale } = await params;
  return { ...SITE_METADATA, description: readerText(locale)('site.about') };
}

export default async function TranslatedLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!translationLocales().includes(locale)) notFound();
  return (
    <RootDocument lang={locale} skipLabel={readerText(locale)('site.skip')}>
      <SiteHeader locale={locale} />
      {children}
      <SiteFooter locale={locale} />
    </RootDocument>
  );
}
