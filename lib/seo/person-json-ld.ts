import type { VisiblePerson } from '../reader/get-person';
import { FIXED_FILE, mediaAddress } from '../media/variant-widths';
import { absoluteUrl } from './site-url';
import { personPath } from '../reader/reader-address.mjs';

/**
 * schema.org Person for a person's page. Spoiler-safe at every level: the name, the photo, the
 * life dates; no character they play (a level may hide one), so every level's page carries the same.
 * On a page in a translation's language, its address and the page's language (`mainEntityOfPage`).
 */
export function personJsonLd(
  person: Pick<VisiblePerson, 'slug' | 'name' | 'photo' | 'birthDate' | 'deathDate' | 'locale'>,
): Record<string, unknown> {
  const url = absoluteUrl(personPath(person.slug, person.locale));
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: person.name,
    url,
    ...(person.locale !== undefined && { mainEntityOfPage: { '@type': 'WebPage', '@id': url, inLanguage: person.locale } }),
    ...(person.photo ? { image: absoluteUrl(mediaAddress(person.photo.image, person.photo.version, FIXED_FILE)) } : {}),
    ...(person.birthDate ? { birthDate: person.birthDate } : {}),
    ...(person.deathDate ? { deathDate: person.deathDate } : {}),
  };
}
