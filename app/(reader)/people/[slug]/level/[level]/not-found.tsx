import { NotFoundView } from '@/components/reader/not-found-view';

export default function PersonNotFound() {
  return <NotFoundView section="people" />;
}
