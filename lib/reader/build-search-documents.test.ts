import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../content/sample-film';
import { levelRank } from '../spoilers/levels';
import { buildSearchDocuments } from './build-search-documents';

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
    expect(new Set(docs.map((d) => d.kind))).toEqual(new Set(['film', 'story', 'event', 'character', 'person', 'setting', 'theme', 'kind']));
    expect(docs.filter((d) => d.kind === 'kind').map((d) => d.level)).toEqual(['none', 'light', 'full']);
    expect(docs.find((d) => d.kind === 'person' && d.itemId === 'lee-roe')?.level).toBe('none');
  });
});
