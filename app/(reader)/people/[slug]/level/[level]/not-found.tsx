import { NotFoundView } from '@/components/reader/not-found-view';

export default function PersonNotFound() {
  return (
    <NotFoundView
      what="Person"
      hint="Nobody with a page lives at this address: people have a page while they play a part in a published film. Search for them by name."
    />
  );
}
