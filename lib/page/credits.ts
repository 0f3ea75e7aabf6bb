import type { PersonRef } from '../content/fields';
import type { FilmContent } from '../content/schema';
import { PAGE_PARTS } from './parts';

const PEOPLE = PAGE_PARTS.flatMap((part) => ('storage' in part && 'people' in part.storage ? [part.storage.people] : [])).sort(
  (a, b) => a.order - b.order,
);

/** Everyone a page gives a page of their own (the parts' `people`), with their role, actors first: publishing and search read it. */
export function pageCredits(content: FilmContent): Array<{ person: PersonRef; role: string }> {
  return PEOPLE.flatMap((people) => (people.of as (content: FilmContent) => Array<{ person: PersonRef; role: string }>)(content));
}
