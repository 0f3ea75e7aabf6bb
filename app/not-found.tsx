import { NotFoundView } from '@/components/reader/not-found-view';
import { SiteFooter, SiteHeader } from '@/components/reader/site-header';
import { missingCopy } from '@/lib/reader/missing-page';

/**
 * Any address the app does not know, and reader addresses that name nothing published (proxy.ts).
 * Renders inside the root layout only, so it brings the site frame.
 */
export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <NotFoundView {...missingCopy('page')} />
      <SiteFooter />
    </>
  );
}
