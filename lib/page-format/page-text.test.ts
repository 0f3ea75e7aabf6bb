import { describe, expect, it } from 'vitest';
import { HEADED_SECTIONS } from '../page/parts';
import { heading } from '../page/parts';
import { matchHeading } from './page-text';

describe('section headings', () => {
  it('are recognised with the title they name, whatever characters the title has', () => {
    for (const title of ['Kiss and Cry', 'What? (2020) [Director’s Cut] $5.*+', 'Über ^ alles | \\ ok']) {
      for (const { id } of HEADED_SECTIONS)
        expect(matchHeading(heading(id, title)), id).toEqual({ section: id, title: id === 'quiz' ? null : title });
    }
  });

  it('do not match other lines', () => {
    expect(matchHeading('What Is About?')).toBeNull();
    expect(matchHeading('Quiz time')).toBeNull();
    expect(matchHeading('What Xs Kiss and Cry About?')).toBeNull();
  });
});
