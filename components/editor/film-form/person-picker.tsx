import { useEffect, useId, useMemo, useState, type ReactNode, type Ref } from 'react';
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

/** People already named in this film (actors, directors, writers), but for the field being edited. */
function peopleInFilm(content: Partial<FilmContent>, except: string): PersonRef[] {
  const found = new Map<string, PersonRef>();
  const add = (path: string, person: PersonRef | null | undefined) => {
    if (path !== except && person?.slug) found.set(person.slug, person);
  };
  (content.characters ?? []).forEach((c, i) => add(`characters.${i}.playedBy`, c.playedBy));
  (content.facts?.directors ?? []).forEach((p, i) => add(`facts.directors.${i}`, p));
  (content.facts?.writers ?? []).forEach((p, i) => add(`facts.writers.${i}`, p));
  return [...found.values()];
}

/**
 * The search box of a person field: picks a person already in this film or on the site (so their
 * page collects all their roles), or creates a new one from a name. An ARIA combobox: type, arrow
 * keys, Enter. `field` is the path being edited (left out of "in this film"); `exclude` are slugs
 * that may not be picked again (a list's other people).
 */
export function PersonSearchInput({
  id,
  field,
  label,
  hint,
  initialText = '',
  startOpen = false,
  exclude = [],
  inputRef,
  onPick,
  onCancel,
}: {
  id: string;
  field: string;
  label: ReactNode;
  hint: ReactNode;
  initialText?: string;
  startOpen?: boolean;
  exclude?: string[];
  inputRef?: Ref<HTMLInputElement>;
  onPick: (person: PersonRef) => void;
  onCancel?: () => void;
}) {
  const { getValues } = useFormContext<FilmContent>();
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(startOpen);
  const [active, setActive] = useState(0);
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
    const excluded = new Set(exclude);
    const inFilm = new Map(peopleInFilm(getValues(), field).map((p) => [p.slug, p]));
    const matches = (p: PersonRef) => !excluded.has(p.slug) && (!needle || p.name.toLowerCase().includes(needle));
    const list: Option[] = [...inFilm.values()].filter(matches).map((person) => ({ kind: 'existing', person, source: 'film' }));
    for (const person of search.data ?? []) {
      if (!inFilm.has(person.slug) && matches(person)) list.push({ kind: 'existing', person, source: 'site' });
    }
    const exact = list.some((o) => o.person.name.trim().toLowerCase() === needle);
    if (needle && !exact) {
      const known = [...inFilm.values(), ...(search.data ?? [])];
      const taken = [...known, ...exclude.map((slug) => ({ name: '', slug }))];
      list.push({ kind: 'create', person: { name: text.trim(), slug: freeSlug(text, taken) } });
    }
    return list.slice(0, 10);
  }, [open, text, search.data, getValues, field, exclude]);

  function choose(option: Option) {
    onPick(option.person);
    setOpen(false);
    setText('');
  }

  const activeOption = options[active];
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={ui.label}>
        {label}
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
            if (!text.trim()) onCancel?.();
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
              onCancel?.();
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
                  <span className={styles.optionMeta}>
                    {option.source === 'film' ? 'in this film' : 'on the site'} · /people/{option.person.slug}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-hint`} className={ui.hint}>
        {hint}
      </p>
    </div>
  );
}

/** "Played by" of one character: the chosen person, or the search box to choose one. */
export function PersonPicker({ index }: { index: number }) {
  const name = `characters.${index}.playedBy` as const;
  const {
    field: { value, onChange, ref: inputRef },
  } = useController<FilmContent, typeof name>({ name });
  const nameError = useFieldError(`${name}.name`);
  const slugError = useFieldError(`${name}.slug`);
  const error = nameError ?? slugError;
  const [editing, setEditing] = useState(false);
  const id = fieldId(name);

  if (value && !editing) {
    return (
      <div className={styles.picker}>
        <span className={ui.label} id={`${id}-label`}>
          Played by
        </span>
        <ChosenPerson
          labelledBy={`${id}-label`}
          person={value}
          onChange={() => setEditing(true)}
          onRemove={() => onChange(null)}
          removeLabel={`Remove ${value.name} as the actor`}
        />
        {error ? <p className={ui.error}>{error}</p> : null}
      </div>
    );
  }

  return (
    <>
      <PersonSearchInput
        id={id}
        field={name}
        inputRef={inputRef}
        label={
          <>
            Played by <span className={ui.optional}>(optional)</span>
          </>
        }
        hint="Their name in the story will link to their page."
        initialText={editing && value ? value.name : ''}
        startOpen={editing}
        onPick={(person) => {
          onChange(person);
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
      {error ? <p className={ui.error}>{error}</p> : null}
    </>
  );
}

/** A chosen person: avatar, name, page address, "Change" (optional) and "Remove". */
export function ChosenPerson({
  person,
  labelledBy,
  onChange,
  onRemove,
  removeLabel,
}: {
  person: PersonRef;
  labelledBy?: string;
  onChange?: () => void;
  onRemove: () => void;
  removeLabel: string;
}) {
  return (
    <div className={styles.chosen} role="group" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : person.name}>
      <span className={styles.avatar} aria-hidden="true">
        {person.name.slice(0, 1).toUpperCase()}
      </span>
      <span className={styles.person}>
        <span className={styles.personName}>{person.name}</span>
        <span className={styles.personSlug}>/people/{person.slug}</span>
      </span>
      {onChange ? (
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={onChange}>
          Change
        </button>
      ) : null}
      <button type="button" className={`${ui.button} ${ui.ghost} ${ui.small}`} onClick={onRemove} aria-label={removeLabel}>
        Remove
      </button>
    </div>
  );
}
