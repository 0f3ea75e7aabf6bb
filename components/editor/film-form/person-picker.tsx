import { useEffect, useId, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useController, useFormContext } from 'react-hook-form';
import { slugify, type FilmContent, type PersonRef } from '@/lib/content/schema';
import { editorApi, editorKeys } from '@/lib/editor/query-keys';
import { fetchJson } from '../action-result';
import { fieldId, useFieldError } from './fields';
import ui from '../ui.module.css';
import styles from './person-picker.module.css';

type Option = { kind: 'existing'; person: PersonRef; source: 'film' | 'site' } | { kind: 'create'; person: PersonRef };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A slug for a new person that does not take over someone else's page ("sarah-bramms-2"). */
export function freeSlug(name: string, known: PersonRef[]): string {
  const base = slugify(name);
  const taken = new Set(known.filter((p) => p.name.trim().toLowerCase() !== name.trim().toLowerCase()).map((p) => p.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

/**
 * "Played by": picks a person already in this film or on the site (so their page collects all
 * their roles), or creates a new one from a name. An ARIA combobox: type, arrow keys, Enter.
 */
export function PersonPicker({ index }: { index: number }) {
  const name = `characters.${index}.playedBy` as const;
  const { getValues } = useFormContext<FilmContent>();
  const {
    field: { value, onChange, ref: inputRef },
  } = useController<FilmContent, typeof name>({ name });
  const nameError = useFieldError(`${name}.name`);
  const slugError = useFieldError(`${name}.slug`);
  const error = nameError ?? slugError;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = fieldId(name);
  const listId = useId();
  const query = useDebounced(text.trim(), 200);

  const search = useQuery({
    queryKey: editorKeys.peopleSearch(query),
    queryFn: () => fetchJson<PersonRef[]>(editorApi.people(query)),
    enabled: open && query.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

  const options = useMemo<Option[]>(() => {
    if (!open) return [];
    const needle = text.trim().toLowerCase();
    const inFilm = new Map<string, PersonRef>();
    (getValues('characters') ?? []).forEach((c, i) => {
      if (i !== index && c.playedBy?.slug) inFilm.set(c.playedBy.slug, c.playedBy);
    });
    const matches = (p: PersonRef) => !needle || p.name.toLowerCase().includes(needle);
    const list: Option[] = [...inFilm.values()].filter(matches).map((person) => ({ kind: 'existing', person, source: 'film' }));
    for (const person of search.data ?? []) {
      if (!inFilm.has(person.slug) && matches(person)) list.push({ kind: 'existing', person, source: 'site' });
    }
    const exact = list.some((o) => o.person.name.trim().toLowerCase() === needle);
    if (needle && !exact) {
      const known = [...inFilm.values(), ...(search.data ?? [])];
      list.push({ kind: 'create', person: { name: text.trim(), slug: freeSlug(text, known) } });
    }
    return list.slice(0, 10);
  }, [open, text, search.data, getValues, index]);

  function choose(option: Option) {
    onChange(option.person);
    setEditing(false);
    setOpen(false);
    setText('');
  }

  if (value && !editing) {
    return (
      <div className={styles.picker}>
        <span className={ui.label} id={`${id}-label`}>
          Played by
        </span>
        <div className={styles.chosen} role="group" aria-labelledby={`${id}-label`}>
          <span className={styles.avatar} aria-hidden="true">
            {value.name.slice(0, 1).toUpperCase()}
          </span>
          <span className={styles.person}>
            <span className={styles.personName}>{value.name}</span>
            <span className={styles.personSlug}>/people/{value.slug}</span>
          </span>
          <button
            type="button"
            className={`${ui.button} ${ui.small}`}
            onClick={() => {
              setEditing(true);
              setText(value.name);
              setOpen(true);
            }}
          >
            Change
          </button>
          <button type="button" className={`${ui.button} ${ui.ghost} ${ui.small}`} onClick={() => onChange(null)} aria-label={`Remove ${value.name} as the actor`}>
            Remove
          </button>
        </div>
        {error ? <p className={ui.error}>{error}</p> : null}
      </div>
    );
  }

  const activeOption = options[active];
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={ui.label}>
        Played by <span className={ui.optional}>(optional)</span>
      </label>
      <div className={styles.comboWrap}>
        <input
          id={id}
          ref={inputRef}
          className={ui.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-activedescendant={open && activeOption ? `${listId}-${active}` : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          placeholder="Type a name…"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            if (editing && !text.trim()) setEditing(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, options.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter') {
              // Enter picks; it must never submit the whole form from here.
              e.preventDefault();
              if (open && activeOption) choose(activeOption);
            } else if (e.key === 'Escape') {
              if (open) e.stopPropagation();
              setOpen(false);
              if (editing) setEditing(false);
            }
          }}
        />
        <ul id={listId} role="listbox" aria-label="People" className={styles.listbox} hidden={!open || options.length === 0}>
          {options.map((option, i) => (
            <li
              key={`${option.kind}-${option.person.slug}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`${styles.option} ${i === active ? styles.active : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(option)}
            >
              {option.kind === 'create' ? (
                <>
                  <span className={styles.optionName}>Create “{option.person.name}”</span>
                  <span className={styles.optionMeta}>new person · /people/{option.person.slug}</span>
                </>
              ) : (
                <>
                  <span className={styles.optionName}>{option.person.name}</span>
                  <span className={styles.optionMeta}>{option.source === 'film' ? 'in this film' : 'on the site'} · /people/{option.person.slug}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-hint`} className={ui.hint}>
        Their name in the story will link to their page.
      </p>
      {error ? <p className={ui.error}>{error}</p> : null}
    </div>
  );
}
