import type { Metadata } from 'next';
import Link from 'next/link';
import { forbidden, notFound } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { getPersonForEditor } from '@/lib/people/get-person-for-editor';
import { getPersonAutosave } from '@/lib/people/person-autosave';
import { PersonForm } from '@/components/people/person-form';
import styles from '@/components/admin/admin.module.css';
import { personPath } from '@/lib/reader/reader-address.mjs';

type Props = PageProps<'/editor/people/[slug]'>;

export const metadata: Metadata = { title: 'Person' };

/** `/editor/people/{slug}`: a person's own facts (photo, born, died, biography) in one form; their roles come from the films' pages. */
export default async function PersonEditorPage({ params }: Props) {
  const actor = await getActor();
  if (!actor || !can(actor, 'film.edit')) forbidden();
  const person = await getPersonForEditor(actor, (await params).slug);
  if (!person) notFound();
  return (
    <section>
      <div className={styles.header}>
        <div>
          <h1>{person.name}</h1>
          <p className={styles.lead}>
            Reader page: <Link href={personPath(person.slug)}>/people/{person.slug}</Link>. Names and roles come from the films:{' '}
            {person.films.map((film, i) => (
              <span key={film.slug}>
                {i > 0 && ', '}
                <Link href={`/editor/films/${film.slug}`}>{film.title}</Link>
              </span>
            ))}
            .
          </p>
        </div>
      </div>
      {/* Each save of a person's photo, dates and biography is live at once (no review): editors and admins only. */}
      {can(actor, 'film.publish') ? (
        <PersonForm
          slug={person.slug}
          name={person.name}
          latestRevision={person.latestRevision}
          content={person.content}
          autosave={await getPersonAutosave({ actor, slug: person.slug })}
        />
      ) : (
        <p role="note" className={styles.panel}>
          A person’s photo, dates and biography show on their page at once, without review, so editors and admins change them. Ask an
          editor, or leave a comment on the film.
        </p>
      )}
    </section>
  );
}
