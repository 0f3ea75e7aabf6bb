import { TRAIT_KEYS, TRAIT_LABELS, type FilmContent } from '../content/schema';
import { sameContent } from '../content/same-content';

/**
 * A field-level summary of what changed between two versions of a page: which top-level parts and
 * which list items (matched by their id) were added, removed, changed or reordered. Enough to tell
 * an editor what someone else did before they decide how to resolve a conflict; a full word-level
 * diff is the revision history's job.
 */
export type ContentChange = {
  /** Stable key of the part, e.g. "premise", "events:e3", "kind.tone": compare changes by it. */
  key: string;
  /** The part, for people: "Premise", "Timeline event “Collapse”". */
  label: string;
  kind: 'added' | 'removed' | 'changed' | 'reordered';
  /** For a changed item: the fields that differ ("title, spoiler level"). */
  fields?: string[];
};

type ListItem = { id: string } & Record<string, unknown>;

const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  description: 'description',
  when: 'when',
  where: 'where',
  spoiler: 'spoiler level',
  name: 'name',
  playedBy: 'played by',
  tags: 'tags',
  label: 'label',
  era: 'era',
  place: 'place',
  value: 'value',
  text: 'text',
  releaseDate: 'release date',
  runtimeMinutes: 'runtime',
  directors: 'directors',
  writers: 'writers',
  genres: 'genres',
  countries: 'countries',
  languages: 'languages',
  ageRatings: 'age ratings',
  imdbId: 'IMDb id',
  wikidataId: 'Wikidata id',
};

function differingFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys({ ...before, ...after })
    .filter((key) => key !== 'id' && !sameContent(before[key], after[key]))
    .map((key) => FIELD_NAMES[key] ?? key);
}

function listChanges<T extends ListItem>(
  part: string,
  noun: string,
  nameOf: (item: T) => string,
  before: T[],
  after: T[],
): ContentChange[] {
  const changes: ContentChange[] = [];
  const beforeById = new Map(before.map((item) => [item.id, item]));
  const afterById = new Map(after.map((item) => [item.id, item]));
  const label = (item: T) => `${noun} “${nameOf(item) || 'untitled'}”`;

  for (const item of after) {
    const old = beforeById.get(item.id);
    if (!old) changes.push({ key: `${part}:${item.id}`, label: label(item), kind: 'added' });
    else if (!sameContent(old, item)) changes.push({ key: `${part}:${item.id}`, label: label(item), kind: 'changed', fields: differingFields(old, item) });
  }
  for (const item of before) if (!afterById.has(item.id)) changes.push({ key: `${part}:${item.id}`, label: label(item), kind: 'removed' });

  const keptBefore = before.filter((item) => afterById.has(item.id)).map((item) => item.id);
  const keptAfter = after.filter((item) => beforeById.has(item.id)).map((item) => item.id);
  if (!sameContent(keptBefore, keptAfter)) changes.push({ key: `${part}:order`, label: `Order of ${noun.toLowerCase()}s`, kind: 'reordered' });
  return changes;
}

const SCALARS: Array<{ key: 'title' | 'slug' | 'releaseYear' | 'premise' | 'story'; label: string }> = [
  { key: 'title', label: 'Title' },
  { key: 'slug', label: 'Slug' },
  { key: 'releaseYear', label: 'Release year' },
  { key: 'premise', label: 'Premise' },
  { key: 'story', label: 'Full story' },
];

export function changedParts(before: FilmContent, after: FilmContent): ContentChange[] {
  const changes: ContentChange[] = [];
  for (const { key, label } of SCALARS) if (!sameContent(before[key], after[key])) changes.push({ key, label, kind: 'changed' });

  changes.push(...listChanges('events', 'Timeline event', (e) => e.title, before.events, after.events));
  changes.push(...listChanges('characters', 'Character', (c) => c.name, before.characters, after.characters));

  const settingFields = differingFields(before.setting, after.setting);
  if (settingFields.length > 0) changes.push({ key: 'setting', label: 'Setting', kind: 'changed', fields: settingFields });

  changes.push(...listChanges('themes', 'Theme', (t) => t.title, before.themes, after.themes));

  for (const trait of TRAIT_KEYS)
    if (!sameContent(before.kind[trait], after.kind[trait]))
      changes.push({ key: `kind.${trait}`, label: `Kind of film: ${TRAIT_LABELS[trait]}`, kind: 'changed', fields: differingFields(before.kind[trait], after.kind[trait]) });
  if (!sameContent(before.kind.summary, after.kind.summary))
    changes.push({ key: 'kind.summary', label: 'Kind of film: summary', kind: 'changed', fields: differingFields(before.kind.summary, after.kind.summary) });
  changes.push(...listChanges('kind.moods', 'Mood keyword', (m) => m.label, before.kind.moods, after.kind.moods));
  changes.push(...listChanges('kind.contentNotes', 'Content note', (n) => n.label, before.kind.contentNotes, after.kind.contentNotes));

  const factFields = differingFields(before.facts, after.facts);
  if (factFields.length > 0) changes.push({ key: 'facts', label: 'Facts', kind: 'changed', fields: factFields });

  if (!sameContent(before.quiz, after.quiz)) changes.push({ key: 'quiz', label: 'Quiz', kind: 'changed' });
  return changes;
}
