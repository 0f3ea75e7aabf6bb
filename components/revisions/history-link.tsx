import Link from 'next/link';

/** "History": the film's revisions, compare and restore. Mount next to the editor's other header links. */
export function HistoryLink({ slug }: { slug: string }) {
  return <Link href={`/editor/films/${slug}/history`}>History</Link>;
}
