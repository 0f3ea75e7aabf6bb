'use client';

import { useSyncExternalStore } from 'react';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(Math.round(seconds / 60), 'minute');
}

export function absoluteTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

const TICK_MS = 30_000;
const subscribeToClock = (onTick: () => void) => {
  const timer = setInterval(onTick, TICK_MS);
  return () => clearInterval(timer);
};
// Rounded, so the snapshot stays the same between ticks.
const clockNow = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

/**
 * "3 minutes ago", with the exact local time as a tooltip. The server does not know the reader's
 * clock or time zone, so the first render shows a neutral UTC date and the browser fills in the rest.
 */
export function TimeAgo({ iso }: { iso: string }) {
  const now = useSyncExternalStore(subscribeToClock, clockNow, () => null);
  return (
    <time dateTime={iso} title={now === null ? undefined : absoluteTime(iso)}>
      {now === null ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : relativeTime(iso, now)}
    </time>
  );
}
