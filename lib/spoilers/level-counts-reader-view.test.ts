import { describe, expect, it } from 'vitest';
import { emptyFilmContent } from '../content/schema';
import { sampleFilm } from '../../test-support/sample-film';
import { countReaderView, countReaderViews, describeEmpty, describeLevelView, emptyViews } from './level-counts';
import { visibleFilm } from './visible-film';

const counts = (view: ReturnType<typeof countReaderView>) => Object.fromEntries(view.parts.map((p) => [p.part, [p.shown, p.total]]));

describe('countReaderView', () => {
  const content = sampleFilm();

  it('counts what each level sees of every part with items', () => {
    expect(counts(countReaderView(content, 'none'))).toEqual({
      events: [1, 3],
      characters: [1, 2],
      setting: [1, 1],
      themes: [1, 2],
      kindValues: [3, 6],
      moods: [1, 2],
      contentNotes: [1, 2],
      trivia: [1, 2],
      quiz: [1, 2],
    });
    expect(counts(countReaderView(content, 'light'))).toMatchObject({
      events: [2, 3],
      characters: [1, 2],
      kindValues: [5, 6],
      quiz: [1, 2],
    });
    const full = countReaderView(content, 'full');
    expect(full.parts.every((p) => p.shown === p.total)).toBe(true);
    expect(full.empty).toEqual([]);
  });

  it('agrees with the filter previews and readers use', () => {
    for (const view of countReaderViews(content)) {
      const visible = visibleFilm(content, view.level);
      const part = (name: string) => view.parts.find((p) => p.part === name)!;
      expect(part('events').shown).toBe(visible.events.length);
      expect(part('characters').shown).toBe(visible.characters.length);
      expect(part('themes').total - part('themes').shown).toBe(visible.hidden.themes);
    }
  });

  it('names the parts a level sees nothing of, as an imported page (every item full) has them', () => {
    const imported = sampleFilm();
    for (const list of [
      imported.events,
      imported.characters,
      imported.themes,
      imported.kind.moods,
      imported.kind.contentNotes,
      imported.trivia,
      imported.quiz.questions,
    ]) {
      for (const item of list) item.spoiler = 'full';
    }
    imported.setting.spoiler = 'full';
    for (const key of ['tone', 'pacing', 'story', 'intensity', 'ending', 'summary'] as const) imported.kind[key].spoiler = 'full';

    const none = countReaderView(imported, 'none');
    expect(none.empty.map((p) => p.part)).toEqual(['events', 'characters', 'setting', 'themes', 'kindValues', 'moods', 'trivia', 'quiz']);
    expect(describeLevelView(none)).toBe(
      'A no-spoiler reader sees 0 of 3 events, 0 of 2 characters, not the setting, 0 of 2 themes, 0 of 6 kind-of-film values, 0 of 2 mood keywords, 0 of 2 content notes, 0 of 2 trivia items and 0 of 2 quiz questions.',
    );
    expect(emptyViews(countReaderViews(imported)).map((v) => v.level)).toEqual(['none', 'light']);
    imported.events[0].spoiler = 'none';
    imported.setting.spoiler = 'light';
    expect(describeEmpty(countReaderView(imported, 'light'))).toBe(
      'A light-spoiler reader would see nothing in Characters (2 characters), Themes (2 themes), Kind of film (6 kind-of-film values), Mood keywords (2 mood keywords), Trivia (2 trivia items) and Quiz (2 quiz questions).',
    );
    expect(describeEmpty(countReaderView(sampleFilm(), 'none'))).toBe('');
  });

  it('leaves out parts without items, and an empty setting', () => {
    const content = emptyFilmContent('Nothing Yet');
    content.events = [{ id: 'e1', title: 'One', description: '', when: '', where: '', spoiler: 'light' }];
    const none = countReaderView(content, 'none');
    expect(none.parts.map((p) => p.part)).toEqual(['events']);
    expect(describeLevelView(none)).toBe('A no-spoiler reader sees 0 of 1 event.');
    expect(describeLevelView(countReaderView(content, 'light'))).toBe('A light-spoiler reader sees 1 of 1 event.');
    expect(describeLevelView(countReaderView(emptyFilmContent('Empty'), 'none'))).toBe(
      'A no-spoiler reader sees the premise only: the page has no items yet.',
    );
  });
});
