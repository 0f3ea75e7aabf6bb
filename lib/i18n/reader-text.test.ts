import { describe, expect, it } from 'vitest';
import { CONTENT_NOTE_KINDS } from '../content/content-note-kinds';
import { HEADED_PARTS } from '../page/parts';
import { TRAIT_KEYS } from '../page/parts/kind';
import { COUNTED_PARTS } from '../spoilers/level-counts';
import { INTERFACE_LOCALES, filterText, partWords, readerText } from './reader-text';
import en from './messages/en.json';
import fr from './messages/fr.json';

/** Every key of a messages object, as dotted paths. */
const keysOf = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('the reader interface in each language', () => {
  it('has every message English has, in every language, and each parses as ICU', () => {
    const english = keysOf(en);
    for (const locale of INTERFACE_LOCALES) {
      const messages = locale === 'fr' ? fr : en;
      const keys = new Set(keysOf(messages));
      expect(
        english.filter((key) => !keys.has(key)),
        locale,
      ).toEqual([]);
    }
    // A message that does not parse throws when formatted (use-intl reports it): format each with plausible values.
    const values = {
      count: 2,
      visible: 1,
      total: 3,
      notes: 2,
      more: 'true',
      upto: 'false',
      end: 'false',
      full: 'false',
      n: 1,
      minute: 5,
      seen: 1,
      events: 3,
      page: 2,
      pages: 3,
      parts: 3,
      films: 2,
      credited: 1,
      shown: 1,
      cast: 'true',
      behind: 'true',
    };
    for (const locale of INTERFACE_LOCALES)
      for (const key of english) {
        const text = (readerText(locale) as unknown as (key: string, values: object) => string)(key, {
          ...values,
          title: 'Kiss and Cry',
          name: 'Carley',
          what: 'x',
          level: 'y',
          query: 'q',
          corrected: 'c',
          levels: 'l',
          date: '1 May 2001',
          born: '1 May 2001',
          died: '2 May 2071',
          titles: 'Kiss and Cry',
        });
        expect(text, `${locale} ${key}`).not.toContain(key);
        expect(text).not.toMatch(/[{}#]/u);
      }
  });

  it('counts with each language’s plural rules', () => {
    const work = { cast: 'true', behind: 'false', credited: 0 };
    expect(readerText('en')('person.work', { ...work, parts: 3, films: 2 })).toBe('3 parts in 2 films on this site.');
    expect(readerText('fr')('person.work', { ...work, parts: 3, films: 2 })).toBe('3 rôles dans 2 films sur ce site.');
    expect(readerText('fr')('person.work', { ...work, parts: 1, films: 1 })).toBe('1 rôle dans 1 film sur ce site.');
    expect(readerText('en')('person.work', { cast: 'true', behind: 'true', parts: 1, films: 1, credited: 2 })).toBe(
      '1 part in 1 film; behind the camera on 2 films on this site.',
    );
    const t = readerText('fr');
    expect(t('timeline.showOther', { count: 1, title: 'Kiss and Cry' })).toBe('Voir l’autre événement de Kiss and Cry');
    expect(t('timeline.showOther', { count: 13, title: 'Kiss and Cry' })).toBe('Voir les 13 autres événements de Kiss and Cry');
    expect(readerText('en')('timeline.showOther', { count: 1, title: 'Kiss and Cry' })).toBe('Show the other 1 event of Kiss and Cry');
    // French counts 0 and 1 as singular ("0 événement"); English does not.
    expect(partWords('fr').count('events', 0)).toBe('0 événement');
    expect(partWords('fr').count('events', 13)).toBe('13 événements');
    expect(partWords('en').count('events', 0)).toBe('0 events');
    expect(
      partWords('fr').gain([
        { part: 'events', count: 3 },
        { part: 'characters', count: 1 },
        { part: 'story', count: 1 },
      ]),
    ).toBe('3 événements de plus, 1 personnage et l’histoire complète');
    expect(
      partWords('en').gain([
        { part: 'events', count: 3 },
        { part: 'characters', count: 1 },
        { part: 'story', count: 1 },
      ]),
    ).toBe('3 more events, 1 character and the full story');
  });

  it('has words for every part, count, trait and kind of content note in every translated language', () => {
    for (const locale of INTERFACE_LOCALES.filter((l) => l !== 'en')) {
      const words = partWords(locale);
      for (const part of HEADED_PARTS) {
        expect(words.heading(part.id, 'X')).not.toContain('parts.');
        expect(words.label(part.id)).not.toContain('parts.');
      }
      for (const part of COUNTED_PARTS) expect(words.count(part, 2)).not.toContain('parts.');
      for (const key of TRAIT_KEYS) expect(words.trait(key)).not.toContain('parts.');
      for (const kind of CONTENT_NOTE_KINDS) expect(words.noteKind(kind)).not.toContain('parts.');
    }
  });

  it('speaks English for a language it has no messages for', () => {
    expect(readerText('de')('site.search')).toBe('Search');
    expect(partWords('de').heading('premise', 'Kiss and Cry')).toBe(partWords('en').heading('premise', 'Kiss and Cry'));
  });

  it('has the film list’s filter words in French, every one filled in, the English the list’s own', () => {
    const english = filterText();
    const french = filterText('fr');
    const filter = { genre: 'drama', year: 2017, country: 'DE', sort: 'title' as const };
    const every = (text: typeof french) => [
      text.browse,
      ...Object.values(text.facet),
      text.decade(1990),
      text.chosen,
      text.showing,
      text.remove('genre'),
      text.remove('year'),
      text.remove('country'),
      text.clearAll,
      text.sortFilms,
      text.sortBy,
      ...(['published', 'title', 'year'] as const).flatMap((sort) => [text.sort(sort), text.sortedBy(sort)]),
      ...(['genre', 'year', 'country', 'sort'] as const).map((field) => text.problem(field)),
      text.showingAll,
      text.words(filter),
      text.filtered('x', 2, 3),
      text.noMatch('x'),
      text.noMatchHint,
      text.seeAll,
    ];
    for (const text of every(french)) expect(text).not.toMatch(/[{}#]|filters\./u);
    expect(french.decade(1990)).toBe('Années 1990');
    expect(french.words(filter)).toBe('drama, 2017, Allemagne');
    expect(french.remove('year')).toBe(' (retirer ce filtre : année)');
    expect(french.filtered('2017', 2, 3)).toBe('Films : 2017, page 2 sur 3');
    expect(english.words(filter)).toBe('drama, 2017, Germany');
    expect(english.filtered('2017', 2, 3)).toBe('Films: 2017, page 2 of 3');
    expect(english.sortedBy('title')).toBe('Films by title a–z');
    // No French word is English's.
    expect(every(french).filter((text, i) => text === every(english)[i] && !/^(?:Genre|drama, 2017.*)$/u.test(text))).toEqual([]);
  });
});
