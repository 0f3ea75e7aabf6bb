import { PersonRouteView } from '@/components/reader/person-route-view';
import { getPersonCached } from '@/lib/reader/cached-reader';
import { listPublishedPeople } from '@/lib/reader/get-person';
import { levelPage } from '@/lib/reader/static-params';
import { personMetadata } from '@/lib/seo/person-metadata';

/** `/people/{slug}` at one spoiler level (proxy.ts rewrites the public address here). */
const page = levelPage({
  listSlugs: async () => (await listPublishedPeople()).map((person) => person.slug),
  get: getPersonCached,
  metadata: personMetadata,
  missingTitle: 'Person not found',
  render: (person) => <PersonRouteView person={person} />,
});

export const dynamicParams = true;
export const generateStaticParams = page.generateStaticParams;
export const generateMetadata = page.generateMetadata;
export default page.Page;
