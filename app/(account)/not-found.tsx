import { NotFoundView } from '@/components/reader/not-found-view';
import { missingCopy } from '@/lib/reader/missing-page';

/** notFound() from a page of this root layout, inside its frame. */
export default function NotFound() {
  return <NotFoundView {...missingCopy('page')} />;
}
