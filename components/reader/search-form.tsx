import { readerText } from '@/lib/i18n/reader-text';
import { searchPath } from '@/lib/reader/reader-address.mjs';
import { SearchSuggestions } from './search-suggestions';
import styles from './search-form.module.css';

/** A plain GET form to /search: works without JavaScript; with it, films and people are suggested while typing. */
export function SearchForm({
  id,
  label,
  defaultValue = '',
  size = 'small',
  autoFocus = false,
  locale,
}: {
  /** The language of the page it is on (its placeholder and button). */
  locale?: string;
  id: string;
  label: string;
  defaultValue?: string;
  size?: 'small' | 'large';
  autoFocus?: boolean;
}) {
  const t = readerText(locale);
  return (
    <form
      role="search"
      aria-label={label}
      action={searchPath(locale)}
      method="get"
      className={size === 'large' ? `${styles.form} ${styles.large}` : styles.form}
      data-size={size}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={t('site.searchPlaceholder')}
        className={styles.input}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        autoFocus={autoFocus}
        aria-controls={`${id}-suggestions`}
      />
      <SearchSuggestions inputId={id} listId={`${id}-suggestions`} locale={locale} />
      <button type="submit" className={styles.button}>
        {t('site.search')}
      </button>
    </form>
  );
}
