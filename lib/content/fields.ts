import { z } from 'zod';
import './plain-messages';
import { DEFAULT_ITEM_LEVEL, spoilerLevelSchema } from '../spoilers/levels';

/**
 * The building blocks of the content schema that several parts of the page share (text fields,
 * ids, slugs, tags, people). Each part's own schema is in its registry entry (lib/page/parts/);
 * lib/content/schema.ts puts them together into the one content schema.
 */

export const MAX_TEXT = 40_000;
export const MAX_SHORT = 300;

export const trimmed = (max: number) => z.string().trim().max(max);
export const requiredText = (max: number, what: string) => z.string().trim().min(1, `${what} is required`).max(max);

/** Stable identity of a list item: diffs match items by it, the quiz API answers by it. */
export const itemIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use 1 to 64 letters, digits, - or _');

export const slugSchema = z
  .string()
  .trim()
  .min(1, 'Slug is required')
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens');

/** An item's spoiler level; a new item is `full` until someone chooses (docs/product.md, "Spoiler rules"). */
export const spoiler = spoilerLevelSchema.default(DEFAULT_ITEM_LEVEL);

export const tagSchema = z.object({
  emoji: trimmed(32).default(''),
  label: requiredText(80, 'Tag label'),
});

export const personRefSchema = z.object({
  name: requiredText(MAX_SHORT, 'Name'),
  slug: slugSchema,
});

export type Tag = z.output<typeof tagSchema>;
export type PersonRef = z.output<typeof personRefSchema>;

/** Reports a repeated id in a list, at the item (the page format and the forms show it there). */
export function uniqueIds(items: { id: string }[], path: (string | number)[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [...path, index, 'id'], message: 'Duplicate id' });
    seen.add(item.id);
  });
}

export function uniqueBy<T>(
  items: T[],
  keyOf: (item: T) => string,
  path: (string | number)[],
  field: string | null,
  message: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: field ? [...path, index, field] : [...path, index], message });
    seen.add(key);
  });
}

/** "2017-02-10" names a day that exists. */
export function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Slug from a title or a name: "Kiss and Cry" → "kiss-and-cry", accents folded. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/g, '');
  return slug || 'untitled';
}

/** A short random id for a new list item (not security relevant, only unique within a page). */
export function newItemId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36).slice(-4);
}
