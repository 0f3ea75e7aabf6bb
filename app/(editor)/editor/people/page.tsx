import type { Metadata } from 'next';
import Link from 'next/link';
import { forbidden } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { searchPeople } from '@/lib/editor/search-people';
import { listPublishedPeople } from '@/lib/reader/get-person';
import ui from '@/components/editor/ui.module.css';
import styles from '@/components/admin/admin.module.css';

export const metadata: Metadata = { title: 'People' };

type Props = PageProps<'/editor/people'>;

const SHOWN = 50;

/** `/editor/people`: the people on the site (actors, directors, writers), to edit their dates. */
export default async function PeopleEditorPage({ searchParams }: Props) {
  const actor = await getActor();
  if (!actor || !can(actor, 'film.edit')) forbidden();
  const q = (await searchParams).q;
  const query = typeof q === 'string' ? q.trim().slice(0, 100) : '';
  const people = query ? await searchPeople({ query, actor, limit: 25 }) : await listPublishedPeople({ limit: SHOWN });
  return (
    <section>
      <div className={styles.header}>
        <div>
          <h1>People</h1>
          <p className={styles.lead}>
            Everyone who plays, directs or writes in a published film. Names and roles come from the films; dates are set here.
          </p>
        </div>
      </div>
      <form method="get" role="search" aria-label="People" className={styles.panel}>
        <label className={ui.label} htmlFor="people-q">
          Name
        </label>
        <input id="people-q" name="q" defaultValue={query} className={ui.input} />
        <button type="submit" className={ui.button}>
          Search
        </button>
      </form>
      <ul>
        {people.map((person) => (
          <li key={person.slug}>
            <Link href={`/editor/people/${person.slug}`}>{person.name}</Link>
          </li>
        ))}
      </ul>
      {people.length === 0 ? <p>No one found.</p> : null}
      {!query && people.length === SHOWN ? <p className={ui.hint}>The first {SHOWN} by name: search to find others.</p> : null}
    </section>
  );
}
