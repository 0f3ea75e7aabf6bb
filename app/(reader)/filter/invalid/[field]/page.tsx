import type { Metadata } from 'next';
import { InvalidFilterList } from '@/components/reader/filtered-list-route';

type Props = PageProps<'/filter/invalid/[field]'>;

export const metadata: Metadata = { title: 'Films', robots: { index: false, follow: true } };

/** `/?year=abcd` and other filters that are no filter, rewritten here by proxy.ts (components/reader/filtered-list-route.tsx). */
export default async function InvalidFilterRoute({ params }: Props) {
  return <InvalidFilterList field={(await params).field} />;
}

export function generateStaticParams() {
  return [];
}
