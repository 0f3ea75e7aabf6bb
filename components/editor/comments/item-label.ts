import { LISTS } from '@/lib/films/diff/page-model';
import { capitalised } from '@/lib/page/page-text';

/** How a comment's item key reads in lists: "" is the whole page, "events/ab12" an event (the lists' nouns, lib/page/parts). */
const LIST_NOUNS: Record<string, string> = Object.fromEntries(LISTS.map((list) => [list.key, capitalised(list.noun)]));

export function itemLabel(itemKey: string, names: Record<string, string> = {}): string {
  if (!itemKey) return 'Whole page';
  if (names[itemKey]) return names[itemKey];
  const [list, id] = itemKey.split('/');
  if (id) return `${LIST_NOUNS[list] ?? list} ${id}`;
  return capitalised(list).replace('.', ': ');
}
