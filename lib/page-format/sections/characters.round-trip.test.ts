import { describe, it } from 'vitest';
import { expectSectionRoundTrip } from '../../../test-support/section-round-trip';

describe('the characters section of the page format', () => {
  it('gives back its content when an export is imported again', () => {
    expectSectionRoundTrip('characters');
  });
});
