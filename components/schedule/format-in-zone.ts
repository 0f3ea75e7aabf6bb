/**
 * A time as the editor reads it in their zone, with the zone named: "24 Dec 2026, 18:00:00 CET".
 * (dateStyle/timeStyle cannot be combined with timeZoneName, hence the parts.)
 */
export function formatInZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}
