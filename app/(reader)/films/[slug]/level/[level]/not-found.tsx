import { NotFoundView } from '@/components/reader/not-found-view';

export default function FilmNotFound() {
  return (
    <NotFoundView
      what="Film"
      hint="There is no published film at this address. It may have been renamed or taken off the site for now. Search for it by title, actor or place, or browse all films."
    />
  );
}
