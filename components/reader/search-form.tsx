import { SearchSuggestions } from './search-suggestions';
import styles from './search-form.module.css';

/** A plain GET form to /search: works without JavaScript; with it, films and people are suggested while typing. */
export function SearchForm({
  id,
  label,
  defaultValue = '',
  size = 'small',
  autoFocus = false,
}: {
  id: string;
  label: string;
  defaultValue?: string;
  size?: 'small' | 'large';
  autoFocus?: boolean;
}) {
  return (
    <form role="search" aria-label={label} action="/search" method="get" className={`${styles.form} ${styles[size]}`} data-size={size}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder="Films, people, places…"
        className={styles.input}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        autoFocus={autoFocus}
        aria-controls={`${id}-suggestions`}
      />
      <SearchSuggestions inputId={id} listId={`${id}-suggestions`} />
      <button type="submit" className={styles.button}>
        Search
      </button>
    </form>
  );
}
