'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A calendar date ("1970-01-31") in the browser's own language and format (Intl.DateTimeFormat
 * with the user's locale): "31 January 1970", "January 31, 1970", "31. Januar 1970". The server
 * does not know the locale, so it renders the ISO date and the browser replaces it.
 */
export function LocalDate({ iso }: { iso: string }) {
  const text = useSyncExternalStore(
    noSubscription,
    () => formatLocalDate(iso),
    () => iso,
  );
  return <time dateTime={iso}>{text}</time>;
}

/** The date in the user's locale; the date is a day, not an instant, so it is read and written in UTC. */
export function formatLocalDate(iso: string, locale?: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
