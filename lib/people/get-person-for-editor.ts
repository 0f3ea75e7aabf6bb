import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import type { BioParagraph } from './person-schema';

export type EditablePerson = {
  slug: string;
  name: string;
  birthDate: string;
  deathDate: string;
  films: Array<{ slug: string; title: string }>;
  photo: { image: string; alt: string } | null;
  /** Every paragraph, whatever its level: the editor sees them all. */
  biography: BioParagraph[];
};

/** A person as the editor's person page shows them, or null when nobody has this address. */
export async function getPersonForEditor(actor: Actor, slug: string): Promise<EditablePerson | null> {
  assertCan(actor, 'film.read');
  const person = await db().person.findUnique({
    where: { slug },
    select: {
      slug: true,
      name: true,
      birthDate: true,
      deathDate: true,
      photoId: true,
      photoAlt: true,
      biography: { orderBy: { position: 'asc' }, select: { text: true, spoiler: true } },
      characters: { distinct: ['filmId'], select: { film: { select: { slug: true, title: true } } } },
      credits: { select: { film: { select: { slug: true, title: true } } } },
    },
  });
  if (!person) return null;
  const films = new Map([...person.characters, ...person.credits].map(({ film }) => [film.slug, film]));
  return {
    slug: person.slug,
    name: person.name,
    birthDate: person.birthDate,
    deathDate: person.deathDate,
    films: [...films.values()],
    photo: person.photoId ? { image: person.photoId, alt: person.photoAlt } : null,
    biography: person.biography,
  };
}
