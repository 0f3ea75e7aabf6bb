import type { ReactNode } from 'react';
import { SiteFooter, SiteHeader } from '@/components/reader/site-header';
import { EnglishDocument, SITE_METADATA } from '@/components/site/root-document';

export const metadata = SITE_METADATA;

/** The reader site's frame: header with search, the page, footer. */
export default function ReaderLayout({ children }: { children: ReactNode }) {
  return (
    <EnglishDocument>
      <SiteHeader />
      {children}
      <SiteFooter />
    </EnglishDocument>
  );
}
