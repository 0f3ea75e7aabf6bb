import { JsonLd } from '@/components/reader/json-ld';
import { PersonView } from '@/components/reader/person-view';
import type { VisiblePerson } from '@/lib/reader/get-person';
import { setLevelHref } from '@/lib/reader/reader-level';
import { SPOILER_QUERY_NAME, personPath } from '@/lib/reader/reader-address.mjs';
import { pageLanguages } from '@/lib/i18n/site-locales';
import { personJsonLd } from '@/lib/seo/person-json-ld';
import { LanguageLinks } from './language-links';

/**
 * A person's page as its routes serve it (one per level, in each language of the site: people are
 * the same in every language), its JSON-LD, the links that change the reader's level and come back
 * here, and the page in its other languages at the same level.
 */
export function PersonRouteView({ person }: { person: VisiblePerson }) {
  const path = personPath(person.slug, person.locale);
  return (
    <main id="main">
      <JsonLd data={personJsonLd(person)} />
      <PersonView
        person={person}
        hrefForLevel={(level) => setLevelHref(level, path)}
        languages={
          <LanguageLinks
            languages={pageLanguages(person.locale)}
            hrefIn={(other) => `${personPath(person.slug, other)}?${SPOILER_QUERY_NAME}=${person.level}`}
          />
        }
      />
    </main>
  );
}
