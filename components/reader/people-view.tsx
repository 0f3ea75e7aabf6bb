import Link from 'next/link';
import { readerText } from '@/lib/i18n/reader-text';
import { pageLanguages } from '@/lib/i18n/site-locales';
import { peoplePath, personPath } from '@/lib/reader/reader-address.mjs';
import styles from './home-view.module.css';
import { LanguageLinks } from './language-links';

/**
 * The index of people (`/people`, `/{locale}/people`): everyone with a page, by name, each linking
 * to their page in the index's language (`locale`, absent: the site's own); the index in the
 * site's other languages.
 */
export function PeopleView({ people, total, locale }: { people: Array<{ slug: string; name: string }>; total: number; locale?: string }) {
  const t = readerText(locale);
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>{t('people.title')}</h1>
      <p className={styles.lede}>
        {total === 0 ? t('people.empty') : t('people.lede', { more: String(total > people.length), shown: people.length, total })}
      </p>
      <LanguageLinks languages={pageLanguages(locale)} hrefIn={peoplePath} />
      <ul className={styles.peopleList}>
        {people.map((person) => (
          <li key={person.slug}>
            <Link href={personPath(person.slug, locale)}>{person.name}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
