import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_SECTIONS } from '../page/parts';
import { sampleFilm } from '../../test-support/sample-film';
import { splitIntoSections } from './revision-store';

describe('revision store sections', () => {
  it('cuts the page into sections that put together give the page back', () => {
    const content = sampleFilm();
    const sections = splitIntoSections(content);
    expect(sections).toHaveLength(PAGE_SECTIONS.length);
    expect(Object.assign({}, ...sections.map((s) => s.data))).toEqual(content);
    expect(new Set(sections.map((s) => s.hash)).size).toBe(PAGE_SECTIONS.length);
  });

  it('gives an unchanged section the same hash, and a changed one a new hash', () => {
    const a = splitIntoSections(sampleFilm());
    const b = splitIntoSections({ ...sampleFilm(), premise: 'Another premise.' });
    expect(a.filter((s, i) => s.hash !== b[i].hash).map((s) => Object.keys(s.data))).toEqual([['premise']]);
  });

  it('keeps the sections of the migration that moved revisions into blobs, plus the facts added since', () => {
    // The sections come from lib/page/parts.ts; revisions moved by the migration were cut by its own list.
    // Facts came later (20261203063000_film_facts): older revisions have no facts blob and read no facts.
    const sql = readFileSync(path.join(import.meta.dirname, '../../prisma/migrations/20261202123930_revision_blobs/migration.sql'), 'utf8');
    const migrated = [...sql.matchAll(/\(ARRAY\[([^\]]*)\]\)/gu)].map((m) =>
      m[1].split(',').map((key) => key.trim().replace(/^'|'$/gu, '')),
    );
    expect(migrated).toHaveLength(9);
    // Added since: revisions made before them lack these sections and read their defaults.
    const later = ['poster,stills', 'facts', 'trivia'];
    expect(
      splitIntoSections(sampleFilm())
        .map((s) => Object.keys(s.data))
        .filter((keys) => !later.includes(keys.join())),
    ).toEqual(migrated);
  });

  it('refuses content with a key no section stores, instead of dropping it', () => {
    expect(() => splitIntoSections({ ...sampleFilm(), extra: 1 } as never)).toThrow(/no section stores extra/);
  });
});
