import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import type { BioParagraph, PersonContent } from './person-schema';
import { getLatestPersonContent } from './save-person';

export type EditablePerson = {
  slug: string;
  name: string;
  /** The latest revision of the person's profile (0 before the first save): a save names it as its base. */
  latestRevision: number;
  /** The latest revision's content: every paragraph, whatever its level (the editor sees them all). */
  content: PersonContent;
  birthDate: string;
  deathDate: string;
  films: Array<{ slug: string; title: string }>;
  photo: { image: string; alt: string } | null;
  biography: BioParagraph[];
};

/**
 * A person as the editor's person page shows them, or null when nobody has this address: their
 * name and films from the published tables (`Person`), what editors wrote from their profile.
 */
export async function getPersonForEditor(actor: Actor, slug: string): Promise<EditablePerson | null> {
  assertCan(actor, 'film.read');
  const [person, profile, content] = await Promise.all([
    db().person.findUnique({
      where: { slug },
      select: {
        slug: true,
        name: true,
        characters: { distinct: ['filmId'], select: { film: { select: { slug: true, title: true } } } },
        credits: { select: { film: { select: { slug: true, title: true } } } },
      },
    }),
    db().personProfile.findUnique({ where: { slug }, select: { latestRevision: true } }),
    getLatestPersonContent(slug),
  ]);
  if (!person) return null;
  const films = new Map([...person.characters, ...person.credits].map(({ film }) => [film.slug, film]));
  return {
    slug: person.slug,
    name: person.name,
    latestRevision: profile?.latestRevision ?? 0,
    content,
    birthDate: content.birthDate,
    deathDate: content.deathDate,
    films: [...films.values()],
    photo: content.photo,
    biography: content.biography,
  };
}
