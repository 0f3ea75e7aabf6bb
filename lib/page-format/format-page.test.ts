import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyFilmContent, filmContentSchema, type FilmContent, type FilmContentInput } from '../content/schema';
import { arbitraryFilmContent } from '../../test-support/arbitrary-content';
import { formatPage } from './format-page';
import { importText } from '../import';
import { parsePage } from './parse-page';

const film = (input: Partial<FilmContentInput>): FilmContent =>
  filmContentSchema.parse({ title: 'Test Film', slug: 'test-film', ...input });
const linesOf = (content: FilmContent) => formatPage(content).split('\n');

describe('formatPage', () => {
  it('writes every section of an empty page, with the derived lines at zero', () => {
    expect(formatPage(emptyFilmContent('Test Film'))).toBe(
      [
        'What Is Test Film About?',
        'The premise of Test Film in 0 words, with nothing given away. The full story follows below.',
        '',
        'What Happens in Test Film?',
        'The complete story of Test Film, from the first scene to the last, in 0 words (about 1 minute). Spoilers throughout.',
        'Spoilers ahead',
        '',
        'Test Film Timeline: Every Key Event in Order',
        '0 key events in the order they happen.',
        '',
        'Who Are the Main Characters in Test Film?',
        '0 characters.',
        '',
        'Where and When Is Test Film Set?',
        'Where and when Test Film is set is not given yet.',
        '',
        'What Are the Themes of Test Film?',
        '0 ideas the story keeps returning to.',
        '',
        'What Kind of Film Is Test Film?',
        'Not described yet, going by the plot summary.',
        '',
        'Quiz',
        'How well do you remember Test Film? Test yourself on the story.',
        '',
      ].join('\n'),
    );
  });

  it('computes the derived lines with the counting rules', () => {
    const events = Array.from({ length: 12 }, (_, i) => ({
      id: `e${i + 1}`,
      title: `Event ${i + 1}`,
      where: i < 11 ? ['Home', 'home ', 'Rink'][i % 3] : '',
    }));
    const lines = linesOf(
      film({
        premise: 'One two three.',
        story: `${'word '.repeat(298)}Ann Lee.`,
        events,
        characters: [
          { id: 'c1', name: 'Ann', playedBy: { name: 'Ann Lee', slug: 'ann-lee' } },
          { id: 'c2', name: 'Bo', playedBy: null },
        ],
        setting: { era: '1990s', place: 'Oslo, Bergen, Norway' },
        themes: [{ id: 't1', title: 'Home' }],
        kind: { tone: { value: 'Warm' }, pacing: { value: 'Slow' }, story: { value: 'Epic' } },
      }),
    );
    expect(lines).toContain('The premise of Test Film in 3 words, with nothing given away. The full story follows below.');
    expect(lines).toContain(
      'The complete story of Test Film, from the first scene to the last, in 300 words (about 2 minutes). Spoilers throughout. Names in the text link to 1 cast member page.',
    );
    expect(lines).toContain(
      '12 key events in the order they happen, from “Event 1” to “Event 12”. 11 events name a place, across 2 locations.',
    );
    expect(lines[lines.indexOf('Event 10') + 2]).toBe('Show the other 2 events of Test Film Hide the last 2 events');
    expect(lines).toContain('2 characters, among them Ann (Ann Lee) and Bo: who each one is and the part they play in the story.');
    expect(lines).toContain('Test Film is set in Oslo, Bergen and Norway (1990s). Here is why the time and place matter to the story.');
    expect(lines).toContain('1 idea the story keeps returning to, among them Home.');
    expect(lines).toContain('Warm in tone, with slow pacing and an epic story, going by the plot summary.');
  });

  it('words the one-of-each and partial cases', () => {
    const one = linesOf(
      film({ events: [{ id: 'e1', title: 'Only', where: 'Home' }], setting: { era: '1990s' }, kind: { pacing: { value: 'Fast' } } }),
    );
    expect(one).toContain('1 key event: “Only”. 1 event names a place, across 1 location.');
    expect(one).toContain('Test Film is set in the 1990s. Here is why the time matters to the story.');
    expect(one).toContain('Fast pacing, going by the plot summary.');
    expect(linesOf(film({ setting: { place: 'Oslo' } }))).toContain(
      'Test Film is set in Oslo. Here is why the place matters to the story.',
    );
  });

  it('writes markers only where the content differs from an import without them', () => {
    const lines = linesOf(
      film({
        slug: 'test-film-2',
        releaseYear: 2001,
        events: [
          { id: 'e1', title: 'Plain' },
          { id: 'x', title: 'Custom', spoiler: 'light' },
        ],
        characters: [{ id: 'c1', name: 'Ann', playedBy: { name: 'Ann Lee', slug: 'ann-lee-2' }, spoiler: 'none' }],
        setting: { spoiler: 'light' },
        kind: {
          ending: { value: '', spoiler: 'none' },
          summary: { text: '', spoiler: 'light' },
          moods: [{ id: 'm1', label: 'calm', spoiler: 'none' }],
          contentNotes: [
            { id: 'n1', label: 'a', spoiler: 'none' },
            { id: 'n2', label: 'b', spoiler: 'none' },
            { id: 'n3', label: 'c' },
            { id: 'n4', label: 'd, e' },
            { id: 'own', label: 'f' },
          ],
        },
        quiz: {
          questions: [
            {
              id: 'q1',
              prompt: 'Which?',
              spoiler: 'none',
              options: [
                { id: 'q1o1', text: 'This', correct: true },
                { id: 'that', text: 'That' },
              ],
              explanation: 'Because.\n\nAnd more.',
            },
          ],
        },
      }),
    );
    expect(lines.slice(0, 3)).toEqual(['What Is Test Film About?', 'Released: 2001', 'Slug: test-film-2']);
    expect(lines).toContain('Plain');
    expect(lines).toContain('Custom [spoiler: light · id: x]');
    expect(lines).toContain('Ann (Ann Lee) [spoiler: none]');
    expect(lines).toContain('Played by Ann Lee [slug: ann-lee-2]');
    expect(lines).toContain('Where and when Test Film is set is not given yet. [spoiler: light]');
    expect(lines).toEqual(expect.arrayContaining(['- Ending', '- [spoiler: none]', '[spoiler: light]', '- calm [spoiler: none]']));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Content notes: a, b. [spoiler: none]',
        'Content notes: c.',
        'Content note: d, e',
        'Content note: f [id: own]',
      ]),
    );
    expect(lines.slice(-6)).toEqual([
      'Q1. Which? [spoiler: none]',
      '  * a) This',
      '  b) That [id: that]',
      '  Explanation: Because.',
      '  And more.',
      '',
    ]);
  });

  it('writes an empty era or place that has text under it as a dash', () => {
    const lines = linesOf(film({ setting: { when: 'Long ago.', place: 'Oslo' } }));
    expect(lines.slice(lines.indexOf('When'), lines.indexOf('When') + 5)).toEqual(['When', '—', 'Long ago.', 'Where', 'Oslo']);
  });

  it('keeps one-line fields on one line', () => {
    const content = film({ events: [{ id: 'e1', title: 'Two\nlines', when: 'a\nb' }] });
    expect(linesOf(content)).toEqual(expect.arrayContaining(['Two lines', 'When:a b']));
  });
});

describe('round trips', () => {
  it('page → content → page is a fixed point for any page the format can carry', () => {
    fc.assert(
      fc.property(arbitraryFilmContent, (content) => {
        const text = formatPage(content);
        const { content: back, warnings } = parsePage(text);
        expect(warnings).toEqual([]);
        expect(back).toEqual(content);
        expect(formatPage(back)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('the same pages survive CRLF line ends and extra blank lines', () => {
    fc.assert(
      fc.property(arbitraryFilmContent, (content) => {
        const text = formatPage(content).replace(/\n/gu, '\r\n\r\n');
        expect(parsePage(text).content).toEqual(content);
      }),
      { numRuns: 50 },
    );
  });

  it('JSON export → import is lossless', () => {
    fc.assert(
      fc.property(arbitraryFilmContent, (content) => {
        expect(importText(JSON.stringify(content, null, 2))).toEqual({ ok: true, format: 'json', content, warnings: [] });
      }),
      { numRuns: 100 },
    );
  });
});
