import { TIMELINE_FIRST_SHOWN } from '../content/derive';

/** A visible numbered item, or a run of consecutive items held back at the reader's level. */
export type Row<T> = { kind: 'item'; item: T } | { kind: 'hidden'; count: number; first: number };

/**
 * Visible items (numbered 1…total by position) with the gaps between them as hidden runs, so a
 * placeholder stands exactly where the held-back items would be.
 */
export function withHiddenRuns<T extends { number: number }>(items: T[], total: number): Array<Row<T>> {
  const rows: Array<Row<T>> = [];
  let next = 1;
  for (const item of items) {
    if (item.number > next) rows.push({ kind: 'hidden', count: item.number - next, first: next });
    rows.push({ kind: 'item', item });
    next = item.number + 1;
  }
  if (total >= next) rows.push({ kind: 'hidden', count: total - next + 1, first: next });
  return rows;
}

/**
 * The timeline shows its first ten visible events; the rest sit behind "Show the other N events".
 * Placeholders stay with the events around them.
 */
export function splitTimeline<T>(rows: Array<Row<T>>, firstShown = TIMELINE_FIRST_SHOWN) {
  let seen = 0;
  const cut = rows.findIndex((row) => row.kind === 'item' && ++seen > firstShown);
  if (cut === -1) return { shown: rows, more: [] as Array<Row<T>>, moreCount: 0 };
  const more = rows.slice(cut);
  return { shown: rows.slice(0, cut), more, moreCount: more.filter((row) => row.kind === 'item').length };
}
