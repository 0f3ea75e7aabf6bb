import { describe, expect, it } from 'vitest';
import { formatLocalDate } from './local-date';

describe('formatLocalDate', () => {
  it('writes a calendar date in the locale’s own format, the same day in every time zone', () => {
    expect(formatLocalDate('1970-01-31', 'en-US')).toBe('January 31, 1970');
    expect(formatLocalDate('1970-01-31', 'en-GB')).toBe('31 January 1970');
    expect(formatLocalDate('1970-01-31', 'de-DE')).toBe('31. Januar 1970');
  });

  it('leaves text that is no date as it is', () => {
    expect(formatLocalDate('1970-13-45', 'en-US')).toBe('1970-13-45');
  });
});
