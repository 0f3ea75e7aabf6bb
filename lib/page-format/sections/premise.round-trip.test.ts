import { describe, it } from 'vitest';
import { expectSectionRoundTrip } from '../../../test-support/section-round-trip';

describe('the premise section of the page format', () => {
  it('gives back the film’s title, address and year, and the premise when an export is imported again', () => {
    expectSectionRoundTrip('premise', { also: ['title', 'slug', 'releaseYear'] });
  });
});
