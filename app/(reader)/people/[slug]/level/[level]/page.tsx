import { JsonLd } from '@/components/reader/json-ld';
import { PersonView } from '@/components/reader/person-view';
import { getPersonCached } from '@/lib/reader/cached-reader';
import { listPublishedPeople } from '@/lib/reader/get-person';
import { setLevelHref } from '@/lib/reader/reader-level';
import { levelPage } from '@/lib/reader/static-params';
import { personJsonLd } from '@/lib/seo/person-json-ld';
import { personMetadata } from '@/lib/seo/person-metadata';
import { personPath } from '@/lib/reader/reader-address.mjs';

/** `/people/{slug}` at one spoiler level (proxy.ts rewrites the public address here). */
const page = levelPage({
  listSlugs: async () => (await listPublishedPeople()).map((person) => person.slug),
  get: getPersonCached,
  metadata: personMetadata,
  missingTitle: 'Person not found',
  render: (person) => (
    <main id="main">
      <JsonLd data={personJsonLd(person)} />
      <PersonView person={person} hrefForLevel={(level) => setLevelHref(level, personPath(person.slug))} />
    </main>
  ),
});

export const dynamicParams = true;
export const generateStaticParams = page.generateStaticParams;
export const generateMetadata = page.generateMetadata;
export default page.Page;
