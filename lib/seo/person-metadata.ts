import type { Metadata } from 'next';
import type { VisiblePerson } from '../reader/get-person';
import { absoluteUrl } from './site-url';

/** Spoiler-safe at every level: the person's name and the titles of their films only. */
export function personMetadata(person: Pick<VisiblePerson, 'slug' | 'name' | 'films'>): Metadata {
  const films = person.films.map((f) => f.title);
  const description =
    films.length > 0 ? `${person.name} in ${films.join(', ')}: the characters they play, explained without spoilers.` : person.name;
  const url = absoluteUrl(`/people/${person.slug}`);
  return {
    title: person.name,
    description,
    alternates: { canonical: url },
    openGraph: { type: 'profile', title: person.name, description, url, siteName: 'Film pages' },
  };
}
