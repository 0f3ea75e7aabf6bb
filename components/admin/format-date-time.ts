const FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** One fixed format and time zone, so server and browser render the same text (no hydration mismatch). */
export function formatDateTime(value: Date | string | null | undefined, empty = 'never'): string {
  if (!value) return empty;
  return `${FORMAT.format(new Date(value))} UTC`;
}
