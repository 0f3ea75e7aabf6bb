import { filmContentSchema, type FilmContent, type FilmContentInput } from '../lib/content/schema';

/**
 * Small hand-written pages for the story-position tests (lib/story-position). A skater's season in
 * ten events: the premise tells the setup, and each later event brings something new, so every
 * item's suggestion can be worked out by hand.
 */
export const SEASON_EVENTS = [
  ['The first practice', 'Mara skates at the Harbour rink before school.'],
  ['A new coach', 'Coach Ilse Brandt arrives from Berlin and changes the routine.'],
  ['A sprained ankle', 'Mara falls in practice and sprains her ankle.'],
  ['Physiotherapy', 'Weeks of physiotherapy with a patient therapist.'],
  ['Back on the ice', 'Mara returns to the ice with a new jump.'],
  ['The regional final', 'Mara wins silver at the regional final.'],
  ['A scholarship offer', 'A college in Quebec offers her a scholarship.'],
  ['The quarrel', 'Mara and her brother Tomas quarrel about leaving home.'],
  ['A triple axel', 'Mara lands a triple axel at the national championship.'],
  ['Leaving home', 'Mara accepts the scholarship and leaves the harbour town with Tomas waving.'],
] as const;

export function seasonPage(overrides: Partial<FilmContentInput> = {}): FilmContent {
  return filmContentSchema.parse({
    title: 'Harbour Ice',
    slug: 'harbour-ice',
    premise: 'Mara, a teenage figure skater in a small harbour town, trains every morning before school and dreams of competing.',
    story: [
      'Mara trains at the Harbour rink every morning.',
      'A coach from Berlin takes her on.',
      'She sprains her ankle and spends weeks in physiotherapy.',
      'Her comeback ends with a silver medal at the regional final.',
      'A scholarship from Quebec splits the family, until she lands a triple axel and her brother Tomas lets her go.',
    ].join('\n\n'),
    events: SEASON_EVENTS.map(([title, description], i) => ({ id: `e${i + 1}`, title, description, spoiler: 'full' })),
    ...overrides,
  });
}
