import { NotFoundView } from '@/components/reader/not-found-view';

/** notFound() from a page of this root layout, inside its frame. */
export default function NotFound() {
  return <NotFoundView section="page" />;
}
