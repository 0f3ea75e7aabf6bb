import { NotFoundView } from '@/components/reader/not-found-view';

export default function FilmNotFound() {
  return <NotFoundView section="films" />;
}
