import type { Metadata } from 'next';
import Link from 'next/link';
import { listPeopleCached } from '@/lib/reader/cached-reader';
import { orFallbackAtBuild } from '@/lib/reader/build-fallback';
import styles from '@/components/reader/home-view.module.css';
import { personPath } from '@/lib/reader/reader-address.mjs';

export const metadata: Metadata = { title: 'People' };

/** How many names the index shows; the rest are found by search. */
const SHOWN = 500;

/** `/people`: everyone with a page (cast, directors, writers of published films), by name. Cached until a publish. */
export default async function PeopleRoute() {
  // `next build` prerenders without a database: an empty index until the first request regenerates it.
  const { people, total } = await orFallbackAtBuild(() => listPeopleCached(SHOWN), { people: [], total: 0 });
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>People</h1>
      <p className={styles.lede}>
        {total === 0
          ? 'No one yet: people get a page when a published film names them.'
          : `Cast, directors and writers of the published films${total > people.length ? `: the first ${people.length} of ${total} by name; search finds the others` : ''}.`}
      </p>
      <ul className={styles.peopleList}>
        {people.map((person) => (
          <li key={person.slug}>
            <Link href={personPath(person.slug)}>{person.name}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
