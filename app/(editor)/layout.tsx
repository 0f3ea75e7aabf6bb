import type { ReactNode } from 'react';
import { EnglishDocument, SITE_METADATA } from '@/components/site/root-document';

export const metadata = SITE_METADATA;

export default function RootLayout({ children }: { children: ReactNode }) {
  return <EnglishDocument>{children}</EnglishDocument>;
}
