import { newItemId, type FilmContent } from '../../lib/content/schema';
import { SPOILER_LEVELS } from '../../lib/spoilers/levels';

/**
 * Edits an editor really makes to a film page, in plausible proportions: mostly small text
 * changes, some list work (add, remove, move), spoiler levels, tags. Seeded, so a run can be repeated.
 */

export type Random = () => number;

/** mulberry32: a tiny seeded PRNG, enough for repeatable benchmarks. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'quietly',
  'again',
  'finally',
  'the coach',
  'her partner',
  'on the ice',
  'at home',
  'in silence',
  'bright',
  'fragile',
  'stubborn',
  'the rink',
  'tomorrow',
  'a promise',
];

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Replaces, inserts or deletes one word, or appends a short sentence: a typical text touch-up. */
function touchText(random: Random, text: string): string {
  const words = text.split(' ');
  const at = Math.floor(random() * words.length);
  const roll = random();
  if (roll < 0.45) words[at] = pick(random, WORDS);
  else if (roll < 0.75) words.splice(at, 0, pick(random, WORDS));
  else if (roll < 0.9 && words.length > 5) words.splice(at, 1);
  else return `${text} She tries ${pick(random, WORDS)} once more.`.trim();
  return words.join(' ');
}

type Edit = { weight: number; apply: (c: FilmContent, random: Random) => void };

const EDITS: Edit[] = [
  { weight: 22, apply: (c, r) => void (c.story = touchText(r, c.story)) },
  { weight: 12, apply: (c, r) => void (c.premise = touchText(r, c.premise)) },
  {
    weight: 16,
    apply: (c, r) => {
      const event = pick(r, c.events);
      if (r() < 0.7) event.description = touchText(r, event.description);
      else event.title = touchText(r, event.title).slice(0, 120);
    },
  },
  {
    weight: 6,
    apply: (c, r) => {
      const at = Math.floor(r() * (c.events.length + 1));
      c.events.splice(at, 0, {
        id: newItemId(),
        title: `A new scene ${pick(r, WORDS)}`,
        description: touchText(r, 'Something happens that matters later.'),
        when: '',
        where: r() < 0.5 ? 'Toronto' : '',
        spoiler: 'full',
      });
    },
  },
  { weight: 3, apply: (c, r) => void (c.events.length > 6 && c.events.splice(Math.floor(r() * c.events.length), 1)) },
  {
    weight: 7,
    apply: (c, r) => {
      const [moved] = c.events.splice(Math.floor(r() * c.events.length), 1);
      c.events.splice(Math.floor(r() * (c.events.length + 1)), 0, moved);
    },
  },
  {
    weight: 8,
    apply: (c, r) => {
      const items = [...c.events, ...c.characters, ...c.themes];
      pick(r, items).spoiler = pick(r, SPOILER_LEVELS);
    },
  },
  {
    weight: 9,
    apply: (c, r) => {
      const character = pick(r, c.characters);
      character.description = touchText(r, character.description);
    },
  },
  {
    weight: 3,
    apply: (c, r) => {
      const character = pick(r, c.characters);
      if (character.tags.length > 1 && r() < 0.5) character.tags.pop();
      else if (character.tags.length < 6) character.tags.push({ emoji: '⛸️', label: `Tag ${Math.floor(r() * 1000)}` });
    },
  },
  {
    weight: 5,
    apply: (c, r) => {
      const theme = pick(r, c.themes);
      theme.description = touchText(r, theme.description);
    },
  },
  {
    weight: 5,
    apply: (c, r) => {
      if (r() < 0.5) c.kind.summary.text = touchText(r, c.kind.summary.text);
      else c.kind.tone.value = pick(r, ['Bittersweet', 'Tender', 'Melancholic', 'Hopeful']);
    },
  },
  { weight: 4, apply: (c, r) => void (c.setting.where = touchText(r, c.setting.where)) },
];

const TOTAL = EDITS.reduce((sum, e) => sum + e.weight, 0);

/** One realistic edit applied to a copy of the page. */
export function realisticEdit(content: FilmContent, random: Random): FilmContent {
  const next = structuredClone(content);
  let roll = random() * TOTAL;
  const edit = EDITS.find((e) => (roll -= e.weight) < 0) ?? EDITS[0];
  edit.apply(next, random);
  return next;
}
