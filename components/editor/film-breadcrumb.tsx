import { Fragment } from 'react';
import Link from 'next/link';
import styles from './film-subpage.module.css';

type Step = { label: string; href?: string };

/** "Films / {film} / …" above the editor's pages about one film; the last step is the current page. */
export function FilmBreadcrumb({ slug, title, steps }: { slug: string; title: string; steps: Step[] }) {
  const all: Step[] = [{ label: 'Films', href: '/editor' }, { label: title, href: `/editor/films/${slug}` }, ...steps];
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      {all.map((step, i) => (
        <Fragment key={i}>
          {i > 0 ? <span aria-hidden="true"> / </span> : null}
          {i === all.length - 1 ? <span aria-current="page">{step.label}</span> : <Link href={step.href!}>{step.label}</Link>}
        </Fragment>
      ))}
    </nav>
  );
}
