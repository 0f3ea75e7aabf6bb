'use client';

import { useParams } from 'next/navigation';
import type { ReactNode } from 'react';

/**
 * One of several server-rendered views, the one in the address's language (`[locale]`). Next gives
 * a not-found page no params, but the client components it renders see the route's.
 */
export function ViewByLocale({ views, fallback }: { views: Record<string, ReactNode>; fallback: ReactNode }) {
  const { locale } = useParams<{ locale?: string }>();
  return locale !== undefined && Object.hasOwn(views, locale) ? views[locale] : fallback;
}
