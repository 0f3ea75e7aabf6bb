import type { Metadata } from 'next';
import { InvalidFilterList } from '@/components/reader/filtered-list-route';

type Props = PageProps<'/[locale]/filter/invalid/[field]'>;

export const metadata: Metadata = { title: 'Films', robots: { index: false, follow: true } };

/** `/{locale}?year=abcd` and other filters that are no filter, rewritten here by proxy.ts. */
export default async function TranslatedInvalidFilterRoute({ params }: Props) {
  const { field, locale } = await params;
  return <InvalidFilterList field={field} locale={locale} />;
}

export function generateStaticParams() {
  return [];
}
