import { filmContentSchema, type FilmContent, type FilmContentInput } from '../lib/content/schema';

/**
 * A small, complete page with items at every spoiler level, for tests and examples. Each level has
 * a marker word ("NONEWORD", "LIGHTWORD", "FULLWORD") so tests can check what a reader was sent.
 */
export function sampleFilm(overrides: Partial<FilmContentInput> = {}): FilmContent {
  return filmContentSchema.parse({
    title: 'Sample Film',
    slug: 'sample-film',
    releaseYear: 2020,
    premise: 'A skater NONEWORD returns home to train.',
    story: 'She trains.\n\n> Keep moving FULLWORD\n\nPat Doe helps her. The end FULLWORD.',
    events: [
      { id: 'e1', title: 'Arrival NONEWORD', description: 'She arrives.', when: 'early', where: 'Toronto', spoiler: 'none' },
      { id: 'e2', title: 'Training LIGHTWORD', description: 'She trains.', when: 'middle', where: 'toronto ', spoiler: 'light' },
      { id: 'e3', title: 'Ending FULLWORD', description: 'It ends.', when: 'late', where: 'Rink', spoiler: 'full' },
    ],
    characters: [
      {
        id: 'c1',
        name: 'Ann Skater',
        playedBy: { name: 'Pat Doe', slug: 'pat-doe' },
        description: 'A skater NONEWORD.',
        tags: [{ emoji: '🏅', label: 'Skater' }],
        spoiler: 'none',
      },
      {
        id: 'c2',
        name: 'The Rival',
        playedBy: { name: 'Lee Roe', slug: 'lee-roe' },
        description: 'Rival FULLWORD.',
        tags: [],
        spoiler: 'full',
      },
    ],
    setting: {
      era: '2010s',
      when: 'Recent years.',
      place: 'Toronto, Canada',
      where: 'A big city.',
      tags: [{ emoji: '🏙️', label: 'Toronto' }],
      spoiler: 'none',
    },
    themes: [
      { id: 't1', title: 'Sport', description: 'Sport NONEWORD.', spoiler: 'none' },
      { id: 't2', title: 'Loss', description: 'Loss FULLWORD.', spoiler: 'full' },
    ],
    kind: {
      tone: { value: 'Bittersweet', spoiler: 'none' },
      pacing: { value: 'Steady', spoiler: 'none' },
      story: { value: 'Straightforward', spoiler: 'none' },
      intensity: { value: 'High', spoiler: 'light' },
      ending: { value: 'Sad FULLWORD', spoiler: 'full' },
      summary: { text: 'A summary LIGHTWORD.', spoiler: 'light' },
      moods: [
        { id: 'm1', label: 'hopeful', spoiler: 'none' },
        { id: 'm2', label: 'tragic FULLWORD', spoiler: 'full' },
      ],
      contentNotes: [
        { id: 'n1', label: 'illness', spoiler: 'none' },
        { id: 'n2', label: 'death FULLWORD', spoiler: 'full' },
      ],
    },
    trivia: [
      { id: 'tr1', text: 'The rink scenes were shot at dawn NONEWORD.', source: 'A crew interview', spoiler: 'none' },
      { id: 'tr2', text: 'The last scene was filmed first FULLWORD.', source: '', spoiler: 'full' },
    ],
    quiz: {
      questions: [
        {
          id: 'q1',
          prompt: 'Where does she train?',
          options: [
            { id: 'q1a', text: 'Toronto', correct: true },
            { id: 'q1b', text: 'Paris', correct: false },
          ],
          explanation: 'The film is set in Toronto.',
          spoiler: 'none',
        },
        {
          id: 'q2',
          prompt: 'How does it end FULLWORD?',
          options: [
            { id: 'q2a', text: 'Sadly', correct: true },
            { id: 'q2b', text: 'Happily', correct: false },
          ],
          explanation: 'FULLWORD',
          spoiler: 'full',
        },
      ],
    },
    ...overrides,
  });
}
