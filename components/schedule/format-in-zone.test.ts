import { describe, expect, it } from 'vitest';
import { formatInZone } from './format-in-zone';

describe('formatInZone', () => {
  it('shows the time in the named zone, with the zone', () => {
    expect(formatInZone('2026-12-24T17:00:00Z', 'Europe/Berlin')).toBe('24 Dec 2026, 18:00:00 CET');
    expect(formatInZone('2026-07-01T12:30:05Z', 'Europe/Berlin')).toBe('1 Jul 2026, 14:30:05 CEST');
    expect(formatInZone('2026-12-24T17:00:00Z', 'UTC')).toBe('24 Dec 2026, 17:00:00 UTC');
  });
});
