import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { levelRank } from '../spoilers/levels';
import { buildSearchDocuments } from './search-documents';

describe('buildSearchDocuments', () => {
  const docs = buildSearchDocuments(sampleFilm());

  it('holds content of one level per document, so a level filter is enough', () => {
    for (const doc of docs) {
      const text = doc.title + doc.body;
      if (levelRank(doc.level) < levelRank('full')) expect(text, `${doc.kind} ${doc.itemId}`).not.toContain('FULLWORD');
      if (doc.level === 'none') expect(text, `${doc.kind} ${doc.itemId}`).not.toContain('LIGHTWORD');
    }
  });

  it('covers every part of the page', () => {
    expect(new Set(docs.map((d) => d.kind))).toEqual(
      new Set(['film', 'story', 'event', 'character', 'person', 'setting', 'theme', 'kind', 'trivia']),
    );
    expect(docs.filter((d) => d.kind === 'kind').map((d) => d.level)).toEqual(['none', 'light', 'full']);
    expect(docs.find((d) => d.kind === 'person' && d.itemId === 'lee-roe')?.level).toBe('none');
  });

  it('finds directors and writers as people, one document each with all their roles', () => {
    const film = sampleFilm({
      facts: { directors: [{ name: 'Dee Rector', slug: 'dee-rector' }], writers: [{ name: 'Pat Doe', slug: 'pat-doe' }] },
    });
    const people = buildSearchDocuments(film).filter((d) => d.kind === 'person');
    expect(people.map((d) => [d.itemId, d.body])).toEqual([
      ['pat-doe', 'Pat Doe, cast member and writer of Sample Film'],
      ['lee-roe', 'Lee Roe in Sample Film'],
      ['dee-rector', 'Dee Rector, director of Sample Film'],
    ]);
  });
});
