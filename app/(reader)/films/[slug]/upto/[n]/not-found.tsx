import { NotFoundView } from '@/components/reader/not-found-view';
import { missingCopy } from '@/lib/reader/missing-page';

export default function FilmNotFound() {
  return <NotFoundView {...missingCopy('films')} />;
}
