import type { ReactNode } from 'react';
import { SiteFooter, SiteHeader } from '@/components/reader/site-header';

/** The reader site's frame: header with search, the page, footer. */
export default function ReaderLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      {children}
      <SiteFooter />
    </>
  );
}
