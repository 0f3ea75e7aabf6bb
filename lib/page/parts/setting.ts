import { z } from 'zod';
import { MAX_SHORT, MAX_TEXT, spoiler, tagSchema, trimmed, type Tag } from '../../content/fields';
import { levelField } from '../diff-spec';
import { definePart } from '../part';
import { bodyLines, heldBackAt, joinAnd, oneLine, tagLabels } from '../page-text';
import { atLevelWhere } from '../spoiler-filter';
import { isVisibleAt } from '../../spoilers/levels';

export const settingSchema = z.object({
  era: trimmed(MAX_SHORT).default(''),
  when: trimmed(MAX_TEXT).default(''),
  place: trimmed(MAX_SHORT).default(''),
  where: trimmed(MAX_TEXT).default(''),
  tags: z.array(tagSchema).max(20).default([]),
  spoiler,
});

export type Setting = z.output<typeof settingSchema>;

/** A setting with nothing written in it is shown at no level, so it is not counted. */
export function settingHasContent({ era, when, place, where, tags }: Setting): boolean {
  return [era, when, place, where].some((text) => text !== '') || tags.length > 0;
}

/** "Where and When Is {title} Set?": era, place and why they matter, one spoiler level for the block. */
export const settingPart = definePart({
  id: 'setting',
  label: 'Setting',
  keys: ['setting'],
  heading: (title) => `Where and When Is ${title} Set?`,
  schema: { setting: settingSchema.default(() => settingSchema.parse({})) },
  spoiler: 'per-item',
  counts: [
    {
      key: 'setting',
      nouns: ['setting', 'settings'],
      whole: 'the setting',
      items: (c: { setting: Setting }) => (settingHasContent(c.setting) ? [c.setting] : []),
    },
  ],
  lede: {
    label: 'The setting’s summary line',
    text: (film: Parameters<typeof settingLineAt>[0]) => settingLineAt(film),
    names: (film: { setting: Setting | null }) => (film.setting ? ['setting'] : []),
  },
  diff: {
    fields: [
      {
        key: 'setting',
        storyKind: 'setting',
        label: 'Setting',
        noun: 'setting',
        get: (c) => c.setting,
        set: (c, v) => void (c.setting = v as Setting),
        fields: [
          // As the editor's form names them.
          { field: 'era', label: 'era', kind: 'text' },
          { field: 'when', label: 'why the time matters', kind: 'long' },
          { field: 'place', label: 'place', kind: 'text' },
          { field: 'where', label: 'why the place matters', kind: 'long' },
          { field: 'tags', label: 'tags', kind: 'tags' },
          levelField,
        ],
        level: (c) => c.setting.spoiler,
      },
    ],
  },
  reader: {
    shape: { setting: settingSchema.nullable() },
    hidden: { setting: z.boolean() },
    visible: (c: { setting: Setting }, level) => {
      const shown = isVisibleAt(c.setting.spoiler, level);
      return { setting: shown ? c.setting : null, hidden: { setting: !shown } };
    },
    // At most one row per film, a list relation so that it can be filtered by level.
    select: (level) => ({
      fields: {
        settings: { where: atLevelWhere(level), select: { era: true, when: true, place: true, where: true, tags: true, spoiler: true } },
      },
      counts: { settings: true },
    }),
    read: (row: { settings: Array<Omit<Setting, 'tags'> & { tags: unknown }>; _count: { settings: number } }) => {
      const setting = row.settings[0];
      return {
        setting: setting ? { ...setting, tags: setting.tags as Tag[] } : null,
        hidden: { setting: row._count.settings > 0 && !setting },
      };
    },
    listed: (film: { setting: unknown; hidden: { setting: boolean } }) => film.setting !== null || film.hidden.setting,
  },
  storage: {
    rows: (c: { setting: Setting }, { filmId }) => {
      const { tags, ...setting } = c.setting;
      return [['filmSetting', [{ filmId, ...setting, tags: tags as never }]]];
    },
  },
  search: {
    kinds: { setting: { label: 'Setting', anchor: 'section', named: false } },
    documents: ({ setting: s }: { setting: Setting }) => {
      const body = bodyLines(s.era, s.when, s.place, s.where, tagLabels(s.tags));
      return body
        ? [{ kind: 'setting', itemId: '', position: 0, level: s.spoiler, title: 'Where and when it is set', body, names: [s.place] }]
        : [];
    },
  },
});

export function settingLine(title: string, setting: Pick<Setting, 'era' | 'place'>): string {
  const era = oneLine(setting.era);
  const places = joinAnd(
    oneLine(setting.place)
      .split(/\s*,\s*/u)
      .filter(Boolean),
  );
  if (places && era) return `${title} is set in ${places} (${era}). Here is why the time and place matter to the story.`;
  if (places) return `${title} is set in ${places}. Here is why the place matters to the story.`;
  if (era) return `${title} is set in the ${era}. Here is why the time matters to the story.`;
  return `Where and when ${title} is set is not given yet.`;
}

export function settingLineAt(film: { title: string; setting: Setting | null; upto?: unknown }): string {
  return film.setting ? settingLine(film.title, film.setting) : `Where and when ${film.title} is set is hidden ${heldBackAt(film)}.`;
}
