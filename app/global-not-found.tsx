import { NotFoundView } from '@/components/reader/not-found-view';
import { SiteFooter, SiteHeader } from '@/components/reader/site-header';
import { EnglishDocument, SITE_METADATA } from '@/components/site/root-document';

export const metadata = SITE_METADATA;

/**
 * Any address the app does not know, and reader addresses that name nothing published (proxy.ts).
 * The site has a root layout per language, so this page is a document of its own.
 */
export default function GlobalNotFound() {
  return (
    <EnglishDocument>
      <SiteHeader />
      <NotFoundView section="page" />
      <SiteFooter />
    </EnglishDocument>
  );
}
