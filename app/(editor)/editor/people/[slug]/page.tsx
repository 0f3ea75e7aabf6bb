import type { Metadata } from 'next';
import Link from 'next/link';
import { forbidden, notFound } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { getPersonForEditor } from '@/lib/people/get-person-for-editor';
import { PersonDatesForm } from '@/components/people/person-dates-form';
import { PersonPhotoForm } from '@/components/people/person-photo-form';
import { PersonBiographyForm } from '@/components/people/person-biography-form';
import styles from '@/components/admin/admin.module.css';

type Props = PageProps<'/editor/people/[slug]'>;

export const metadata: Metadata = { title: 'Person' };

/** `/editor/people/{slug}`: a person's own facts (photo, born, died, biography); their roles come from the films' pages. */
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
            Reader page: <Link href={`/people/${person.slug}`}>/people/{person.slug}</Link>. Names and roles come from the films:{' '}
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
      {/* A person's photo, dates and biography are live at once (people are not revisioned): editors and admins only. */}
      {can(actor, 'film.publish') ? (
        <>
          <PersonPhotoForm slug={person.slug} name={person.name} photo={person.photo} />
          <PersonDatesForm slug={person.slug} birthDate={person.birthDate} deathDate={person.deathDate} />
          <PersonBiographyForm slug={person.slug} name={person.name} paragraphs={person.biography} />
        </>
      ) : (
        <p role="note" className={styles.panel}>
          A person’s photo, dates and biography show on their page at once, without review, so editors and admins change them. Ask an
          editor, or leave a comment on the film.
        </p>
      )}
    </section>
  );
}
