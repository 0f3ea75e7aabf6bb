'use client';

import { useSyncExternalStore } from 'react';
import { formatDateTime } from '@/components/admin/format-date-time';
import { formatInZone } from './format-in-zone';

const noSubscription = () => () => {};

/** The browser's time zone, e.g. "Europe/Berlin" (null while rendering on the server). */
export function useTimeZone(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );
}

/** A time in the editor's own zone, with the zone named ("24 Dec 2026, 18:00 CET"); UTC until the browser takes over. */
export function ZonedTime({ iso }: { iso: string }) {
  const zone = useTimeZone();
  const text = zone ? formatInZone(iso, zone) : formatDateTime(iso);
  return (
    <time dateTime={iso} title={zone ?? 'UTC'}>
      {text}
    </time>
  );
}
