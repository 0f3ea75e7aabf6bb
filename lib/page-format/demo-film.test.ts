import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { castOf, countWords, paragraphs, peopleNamedIn, placeFacts } from '../content/derive';
import type { FilmContent } from '../content/schema';
import { isVisibleAt, type SpoilerLevel } from '../spoilers/levels';
import { visibleFilm } from '../spoilers/visible-film';
import { biographyParagraphsSchema } from '../people/person-schema';
import { formatPage } from './format-page';
import { parsePage } from './parse-page';

/** The demo film that `npm run seed:demo` loads: written in the page format, in our own words. */
const demoPath = path.resolve(import.meta.dirname, '../../prisma/demo/kiss-and-cry.page.txt');
const text = readFileSync(demoPath, 'utf8');
const { content, warnings } = parsePage(text);

describe('the demo film page', () => {
  it('imports with no warnings and is a fixed point of export, byte for byte', () => {
    expect(warnings).toEqual([]);
    expect(formatPage(content)).toBe(text);
  });

  it('carries the facts of the film', () => {
    expect([content.title, content.slug, content.releaseYear]).toEqual(['Kiss and Cry', 'kiss-and-cry', 2017]);
    // Only facts we can stand behind: no exact release date, writers, rating or external ids.
    expect(content.facts).toEqual({
      releaseDate: '',
      runtimeMinutes: 94,
      directors: [{ name: 'Sean Cisterna', slug: 'sean-cisterna' }],
      writers: [],
      genres: ['Drama'],
      countries: ['CA'],
      languages: ['en'],
      ageRatings: [],
      imdbId: '',
      wikidataId: '',
    });
    expect(content.events).toHaveLength(13);
    expect(content.events.every((e) => e.where !== '' && e.when !== '' && e.description !== '')).toBe(true);
    expect(placeFacts(content.events)).toEqual({ eventsWithPlace: 13, locations: 11 });
    expect(content.characters.map((c) => [c.name, c.playedBy?.name, c.tags.length])).toEqual([
      ['Sarah Ivanov', 'Sarah Bramms', 3],
      ["Sarah's mother", 'Dinara Drukarova', 3],
      ['Xavier, the trainer', 'Xavier Dias', 3],
      ['Aurélie', 'Aurélie Faula', 3],
      ['Carla-Marie', 'Carla-Marie Santerre', 3],
      ['Amanda', 'Amanda Pierre', 3],
      ['Noémie', 'Noémie Carroué', 3],
    ]);
    expect(content.setting).toMatchObject({ era: '2010s', place: 'Toronto, Canada' });
    expect(content.setting.tags).toHaveLength(2);
    expect(content.themes.map((t) => t.title)).toEqual(['Illness', 'Love', 'Sport']);
    const { tone, pacing, story, intensity, ending } = content.kind;
    expect([tone, pacing, story, intensity, ending].map((t) => t.value)).toEqual([
      'Bittersweet',
      'Steady',
      'Straightforward',
      'High',
      'Sad',
    ]);
    expect(content.kind.summary.text).not.toBe('');
    expect(content.kind.moods.map((m) => m.label)).toEqual([
      'hopeful',
      'resilient',
      'tragic',
      'heartfelt',
      'inspiring',
      'somber',
      'teenage cancer',
      'coming of age',
      'young love',
      'competitive sports',
    ]);
    expect(content.kind.contentNotes.map((n) => n.label).sort()).toEqual([
      'cancer',
      'death of a young person',
      'medical trauma',
      'terminal illness',
    ]);
  });

  it('names one cast member in the story, once, and quotes one line', () => {
    expect(peopleNamedIn(content.story, castOf(content.characters)).map((p) => p.name)).toEqual(['Dinara Drukarova']);
    expect(content.story.split('Dinara Drukarova')).toHaveLength(2);
    expect(paragraphs(content.story).filter((p) => p.quote)).toHaveLength(1);
    expect(countWords(content.story)).toBeGreaterThan(400);
  });

  it('has a quiz of at least 6 questions at every level, each explained', () => {
    const { questions } = content.quiz;
    expect(questions.length).toBeGreaterThanOrEqual(6);
    const atLevel = (level: SpoilerLevel) => questions.filter((q) => q.spoiler === level).length;
    expect([atLevel('none'), atLevel('light'), atLevel('full')].every((n) => n >= 2)).toBe(true);
    expect(questions.every((q) => q.explanation.length > 20 && q.options.length >= 3)).toBe(true);
  });
});

describe('the demo film at each spoiler level', () => {
  /** Every text a reader at `level` is sent (the story only at full). */
  function textsAt(level: SpoilerLevel, film: FilmContent = content): string {
    const page = visibleFilm(film, level);
    const questions = film.quiz.questions.filter((q) => isVisibleAt(q.spoiler, level));
    return [
      page.premise,
      page.story ?? '',
      ...page.events.map((e) => `${e.title} ${e.description} ${e.when} ${e.where}`),
      ...page.characters.map((c) => `${c.name} ${c.description} ${c.tags.map((t) => t.label).join(' ')}`),
      page.setting ? `${page.setting.when} ${page.setting.where} ${page.setting.tags.map((t) => t.label).join(' ')}` : '',
      ...page.themes.map((t) => `${t.title} ${t.description}`),
      ...page.kind.traits.map((t) => t.value),
      page.kind.summary ?? '',
      ...page.kind.moods.map((m) => m.label),
      ...page.kind.contentNotes.map((n) => n.label),
      ...questions.map((q) => `${q.prompt} ${q.options.map((o) => o.text).join(' ')} ${q.explanation}`),
    ].join('\n');
  }

  it('is still rich with no spoilers, and says nothing of the illness itself', () => {
    const page = visibleFilm(content, 'none');
    expect(countWords(page.premise)).toBeGreaterThan(200);
    expect(page.events.map((e) => e.number)).toEqual([1, 2]);
    expect(page.characters.length).toBeGreaterThanOrEqual(6);
    expect(page.setting).not.toBeNull();
    expect(page.themes).toHaveLength(3);
    expect(page.kind.traits.map((t) => t.key)).toEqual(['tone', 'pacing', 'story']);
    expect(textsAt('none')).not.toMatch(
      /\b(cancer\w*|tumou?r|chemo\w*|surgery|sarcoma|melanoma|hospital|bald|dies?|died|death|dead|funeral|foundation|tragic|sad)\b/iu,
    );
  });

  it('adds the middle of the story with light spoilers, but not the relapse or the ending', () => {
    const page = visibleFilm(content, 'light');
    expect(page.events.map((e) => e.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(textsAt('light')).toMatch(/cancer/iu);
    expect(textsAt('light')).not.toMatch(
      /\b(sarcoma|lungs|comes back|cancer returns|relapse|dies|died|death|passes away|terminal|foundation|tragic|sad|19)\b/iu,
    );
  });

  it('shows everything at full', () => {
    const page = visibleFilm(content, 'full');
    expect(page.events).toHaveLength(13);
    expect(page.kind.traits.map((t) => t.value)).toContain('Sad');
    expect(page.kind.contentNotes.map((n) => n.label)).toContain('death of a young person');
    expect(Object.values(page.hidden).every((hidden) => hidden === 0 || hidden === false)).toBe(true);
  });
});

describe('the demo people’s biographies', () => {
  const list = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../prisma/demo/kiss-and-cry.people.json'), 'utf8')) as {
    film: string;
    people: Array<{ slug: string; paragraphs: unknown }>;
  };

  it('name people of the demo film, valid as an editor’s save, with something above no spoilers', () => {
    const people = new Set([
      ...content.characters.flatMap((c) => (c.playedBy ? [c.playedBy.slug] : [])),
      ...content.facts.directors.map((d) => d.slug),
    ]);
    expect(list.film).toBe(content.slug);
    const levels = list.people.flatMap(({ slug, paragraphs }) => {
      expect(people.has(slug), slug).toBe(true);
      return biographyParagraphsSchema.parse(paragraphs).map((p) => p.spoiler);
    });
    expect(levels).toContain('none');
    expect(levels.some((level) => level !== 'none')).toBe(true);
  });
});
