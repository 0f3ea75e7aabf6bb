import type { Metadata } from 'next';
import { FilteredList, filteredListMetadata } from '@/components/reader/filtered-list-route';

/** `/?genre=…&year=…&country=…&sort=…` and `/page/N?…`, rewritten here by proxy.ts (components/reader/filtered-list-route.tsx). */
type Props = PageProps<'/filter/[genre]/[year]/[country]/[sort]/[n]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return filteredListMetadata(await params);
}

export default async function FilteredFilmsRoute({ params }: Props) {
  return <FilteredList {...await params} />;
}

export function generateStaticParams() {
  return [];
}
