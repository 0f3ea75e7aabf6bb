import type { FilmContent, Tag } from '../content/schema';
import { TRAIT_KEYS, TRAIT_LABELS } from './parts/kind';
import { castOf } from '../content/derive';
import { SPOILER_LEVELS, type SpoilerLevel } from '../spoilers/levels';

export const SEARCH_KINDS = ['film', 'story', 'event', 'character', 'person', 'setting', 'theme', 'kind'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One searchable piece of a published page, at the spoiler level of the content it holds. */
export type SearchDocumentInput = {
  kind: SearchKind;
  itemId: string;
  position: number;
  level: SpoilerLevel;
  title: string;
  body: string;
};

const tagLabels = (tags: Tag[]) => tags.map((t) => t.label).join(', ');
/** A document body: one field per line, so search quotes each field on its own (search-films.ts). */
const lines = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join('\n');

/**
 * Splits a page into search documents. Every document holds content of exactly one spoiler level,
 * so filtering documents by level in SQL is enough to keep matches and snippets spoiler-safe.
 * Kind-of-film values are grouped into one document per level.
 */
export function buildSearchDocuments(content: FilmContent): SearchDocumentInput[] {
  const docs: SearchDocumentInput[] = [
    { kind: 'film', itemId: '', position: 0, level: 'none', title: content.title, body: content.premise },
  ];
  if (content.story) docs.push({ kind: 'story', itemId: '', position: 0, level: 'full', title: 'The full story', body: content.story });
  content.events.forEach((e, position) =>
    docs.push({
      kind: 'event',
      itemId: e.id,
      position,
      level: e.spoiler,
      title: e.title,
      body: lines(e.description, e.when && `When: ${e.when}`, e.where && `Where: ${e.where}`),
    }),
  );
  content.characters.forEach((c, position) =>
    docs.push({
      kind: 'character',
      itemId: c.id,
      position,
      level: c.spoiler,
      title: c.name,
      body: lines(c.playedBy ? `Played by ${c.playedBy.name}` : '', c.description, tagLabels(c.tags)),
    }),
  );
  // Names are not spoilers: an actor is findable whatever the level of the parts they play, and
  // so are directors and writers (film facts): one document per person, naming all their roles.
  const roles = new Map<string, { name: string; roles: string[] }>();
  const addRole = (person: { name: string; slug: string }, role: string) => {
    const entry = roles.get(person.slug) ?? { name: person.name, roles: [] };
    entry.roles.push(role);
    roles.set(person.slug, entry);
  };
  castOf(content.characters).forEach((person) => addRole(person, 'cast member'));
  content.facts.directors.forEach((person) => addRole(person, 'director'));
  content.facts.writers.forEach((person) => addRole(person, 'writer'));
  [...roles].forEach(([slug, person], position) => {
    const body = person.roles.join() === 'cast member' ? `${person.name} in ${content.title}` : `${person.name}, ${person.roles.join(' and ')} of ${content.title}`;
    docs.push({ kind: 'person', itemId: slug, position, level: 'none', title: person.name, body });
  });
  const s = content.setting;
  const settingBody = lines(s.era, s.when, s.place, s.where, tagLabels(s.tags));
  if (settingBody) docs.push({ kind: 'setting', itemId: '', position: 0, level: s.spoiler, title: 'Where and when it is set', body: settingBody });
  content.themes.forEach((t, position) =>
    docs.push({ kind: 'theme', itemId: t.id, position, level: t.spoiler, title: t.title, body: t.description }),
  );
  for (const level of SPOILER_LEVELS) {
    const k = content.kind;
    const body = lines(
      ...TRAIT_KEYS.filter((key) => k[key].value && k[key].spoiler === level).map((key) => `${TRAIT_LABELS[key]}: ${k[key].value}`),
      k.summary.text && k.summary.spoiler === level ? k.summary.text : '',
      k.moods.filter((m) => m.spoiler === level).map((m) => m.label).join(', '),
      k.contentNotes.filter((n) => n.spoiler === level).map((n) => n.label).join(', '),
    );
    if (body) docs.push({ kind: 'kind', itemId: '', position: 0, level, title: 'What kind of film it is', body });
  }
  return docs;
}
