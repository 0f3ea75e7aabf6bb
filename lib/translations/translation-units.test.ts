import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFilmContent } from '../../test-support/arbitrary-content';
import { sampleFilm } from '../../test-support/sample-film';
import { sameContent } from '../content/same-content';
import { translationUnits, withTranslatedTexts } from './translation-units';
import { currentTexts, translationState } from './translation-state';
import { textsInLanguage } from './unit-key';

describe('translation units', () => {
  it('names every text of the page by its item, with the item’s level, and leaves out slugs, identifiers and dates', () => {
    const units = translationUnits(sampleFilm());
    const byKey = new Map(units.map((unit) => [unit.key, unit]));
    expect(byKey.get('title')).toMatchObject({ section: 'film', kind: 'text', level: 'none', source: 'Sample Film' });
    expect(byKey.get('premise')).toMatchObject({ kind: 'long', level: 'none' });
    expect(byKey.get('story')).toMatchObject({ kind: 'long', level: 'full' });
    expect(byKey.get('events[e3].title')).toMatchObject({
      section: 'timeline',
      level: 'full',
      source: 'Ending FULLWORD',
      label: 'Event 3 “Ending FULLWORD”: title',
    });
    expect(byKey.get('setting.place')).toMatchObject({ section: 'setting', level: 'none', source: 'Toronto, Canada' });
    expect(byKey.get('kind.ending.value')).toMatchObject({ level: 'full', source: 'Sad FULLWORD' });
    expect(byKey.get('quiz.questions[q1].options[q1b]')).toMatchObject({ section: 'quiz', kind: 'text', source: 'Paris' });
    expect(units.map((unit) => unit.key)).not.toContain('slug');
    expect(units.some((unit) => /imdbId|wikidataId|releaseDate/.test(unit.key))).toBe(false);
  });

  it('a translation changes texts only: levels, ids, order, people and images stay the source’s, whatever the page', () => {
    fc.assert(
      fc.property(arbitraryFilmContent, fc.string({ minLength: 1, maxLength: 8 }), (source, suffix) => {
        const units = translationUnits(source);
        const texts = Object.fromEntries(units.map((unit) => [unit.key, `${unit.source} ${suffix}`.trim() || 'x']));
        const { content, missing } = withTranslatedTexts(source, texts);
        expect(missing).toEqual([]);
        // Putting the source's texts back gives the source exactly: nothing but the units changed.
        const back = withTranslatedTexts(content, Object.fromEntries(units.map((unit) => [unit.key, unit.source]))).content;
        expect(sameContent(back, source)).toBe(true);
        // Every unit is the translated text, at the source's level, under the same key.
        expect(translationUnits(content).map(({ key, level, source: text }) => [key, level, text])).toEqual(
          units.map(({ key, level }) => [key, level, texts[key]]),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('a unit without a text keeps the source’s, and is named missing; the source is never changed', () => {
    fc.assert(
      fc.property(arbitraryFilmContent, (source) => {
        const before = structuredClone(source);
        const { content, missing } = withTranslatedTexts(source, {});
        expect(sameContent(content, source)).toBe(true);
        expect(missing).toEqual(translationUnits(source).map((unit) => unit.key));
        expect(sameContent(source, before)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('states each unit: translated, outdated when the source changed since, missing; texts of deleted items are left out', () => {
    const source = sampleFilm();
    const stored = {
      premise: { text: 'Une patineuse rentre chez elle.', from: source.premise },
      'events[e1].title': { text: 'Arrivée', from: 'Arrival' },
      'events[gone].title': { text: 'Disparu', from: 'Gone' },
    };
    const { units, counts } = translationState(source, stored);
    const status = Object.fromEntries(units.map((unit) => [unit.key, unit.status]));
    expect(status).toMatchObject({ premise: 'translated', 'events[e1].title': 'outdated', 'events[e2].title': 'missing' });
    expect(units.find((unit) => unit.key === 'events[e1].title')).toMatchObject({
      text: 'Arrivée',
      from: 'Arrival',
      source: 'Arrival NONEWORD',
    });
    expect(units.some((unit) => unit.key.includes('gone'))).toBe(false);
    expect(counts).toEqual({ units: units.length, translated: 1, outdated: 1, missing: units.length - 2 });
  });

  it('gives readers only texts made from the page as it is now', () => {
    const source = sampleFilm();
    const stored = {
      premise: { text: 'Une patineuse.', from: source.premise },
      'events[e1].title': { text: 'Arrivée', from: 'Arrival, before an edit' },
    };
    expect(currentTexts(source, stored)).toEqual({ premise: 'Une patineuse.' });
  });
});

describe('texts in a language', () => {
  it('reads a unit in the translation where it has one and names the rest in the page language, empty texts never', () => {
    const texts = textsInLanguage((key) => ({ title: 'Le titre' })[key], 'en');
    expect(texts.untranslated()).toBeUndefined();
    expect(texts.text('title', 'The title')).toBe('Le titre');
    expect(texts.text('premise', 'A premise')).toBe('A premise');
    expect(texts.text('setting.place', '  ')).toBe('  ');
    expect(texts.text('premise', 'A premise')).toBe('A premise');
    expect(texts.untranslated()).toEqual({ lang: 'en', keys: ['premise'] });
  });
});
