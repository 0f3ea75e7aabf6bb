import { describe, expect, it } from 'vitest';
import { castOf, countWords, initials, linkPeople, paragraphs, placeFacts, readingMinutes } from './derive';

describe('counting rules', () => {
  it('counts tokens with a letter or digit as words', () => {
    expect(countWords('  Hello,   world — 17-year-old “quoted” … 2010s ')).toBe(5);
    expect(countWords('')).toBe(0);
    expect(countWords('— … !!')).toBe(0);
    expect(countWords('élan\nnaïve\tcafé')).toBe(3);
  });

  it('rounds reading time and never says zero minutes', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(99)).toBe(1);
    expect(readingMinutes(589)).toBe(3);
    expect(readingMinutes(700)).toBe(4);
  });

  it('counts distinct places trimmed and case-insensitively, ignoring events without one', () => {
    expect(placeFacts([{ where: 'Hospital' }, { where: ' hospital ' }, { where: '' }, { where: 'Home' }])).toEqual({
      eventsWithPlace: 3,
      locations: 2,
    });
  });

  it('makes initials from the first two words', () => {
    expect(initials('Sarah Ivanov')).toBe('SI');
    expect(initials('Xavier, the trainer')).toBe('XT');
    expect(initials('Aurélie')).toBe('A');
    expect(initials("Sarah's mother")).toBe('SM');
    expect(initials('  ')).toBe('');
  });
});

describe('people in text', () => {
  const people = [
    { name: 'Ann Lee', slug: 'ann-lee' },
    { name: 'Ann Lee-Smith', slug: 'ann-lee-smith' },
  ];
  it('links the longest name first and keeps the rest of the text', () => {
    expect(linkPeople('Ann Lee-Smith met Ann Lee.', people)).toEqual([
      { person: people[1], text: 'Ann Lee-Smith' },
      ' met ',
      { person: people[0], text: 'Ann Lee' },
      '.',
    ]);
    expect(linkPeople('nobody here', people)).toEqual(['nobody here']);
  });

  it('lists each cast member once', () => {
    expect(castOf([{ playedBy: people[0] }, { playedBy: null }, { playedBy: people[0] }])).toEqual([people[0]]);
  });

  it('splits paragraphs and recognises quotations', () => {
    expect(paragraphs('One.\n\n> Said so\nTwo.')).toEqual([
      { quote: false, text: 'One.' },
      { quote: true, text: 'Said so' },
      { quote: false, text: 'Two.' },
    ]);
  });
});
