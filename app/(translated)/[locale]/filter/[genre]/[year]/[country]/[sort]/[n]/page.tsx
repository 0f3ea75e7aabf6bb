import type { Metadata } from 'next';
import { FilteredList, filteredListMetadata } from '@/components/reader/filtered-list-route';

/** `/{locale}?genre=…&year=…&country=…&sort=…` and `/{locale}/page/N?…`, rewritten here by proxy.ts: the list in a translation's language, filtered. */
type Props = PageProps<'/[locale]/filter/[genre]/[year]/[country]/[sort]/[n]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return filteredListMetadata(await params);
}

export default async function TranslatedFilteredFilmsRoute({ params }: Props) {
  return <FilteredList {...await params} />;
}

export function generateStaticParams() {
  return [];
}
