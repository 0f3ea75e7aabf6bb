import { NotFoundView } from '@/components/reader/not-found-view';
import { missingCopy } from '@/lib/reader/missing-page';

/** notFound() from a translation's page: the site's 404 words (in its own language), in the frame. */
export default function TranslatedNotFound() {
  return <NotFoundView {...missingCopy('films')} />;
}
