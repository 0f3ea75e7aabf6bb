import { NotFoundView } from '@/components/reader/not-found-view';
import { SiteFooter, SiteHeader } from '@/components/reader/site-header';

/** Any address the app does not know. Renders inside the root layout only, so it brings the site frame. */
export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <NotFoundView what="Page" hint="Nothing lives at this address. Check the spelling, search for what you were looking for, or start from the list of films." />
      <SiteFooter />
    </>
  );
}
