'use client';

import { memo, useState } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import { type FilmContent, type PersonRef } from '@/lib/content/schema';
import { countryName, languageName } from '@/lib/page/parts/facts';
import { Section } from './section';
import { TextField, fieldId, useFieldError } from './fields';
import { ChosenPerson, PersonSearchInput } from './person-picker';
import type { SectionProps } from './section-props';
import ui from '../ui.module.css';
import styles from './fields.module.css';

type StringListPath = 'facts.genres' | 'facts.countries' | 'facts.languages' | 'facts.ageRatings';
type PeoplePath = 'facts.directors' | 'facts.writers';

const toNumberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** The first message under a list (the list's own, else its first item's), e.g. "facts.genres.1". */
function useListError(name: string): string | undefined {
  const { errors } = useFormState<FilmContent>({ name: name as never });
  const error = get(errors, name) as unknown;
  if (!error) return undefined;
  const own =
    (error as { message?: string; root?: { message?: string } }).message ?? (error as { root?: { message?: string } }).root?.message;
  if (own) return own;
  const items = Array.isArray(error) ? error : Object.values(error as object);
  for (const [index, item] of items.entries()) {
    const message =
      (item as { message?: string } | undefined)?.message ??
      Object.values((item as object) ?? {}).find((e) => (e as { message?: string })?.message)?.message;
    if (message) return Array.isArray(error) ? `Item ${index + 1}: ${message}` : message;
  }
  return undefined;
}

const splitList = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * A list of short strings typed as text: comma-separated (genres, codes) or one per line (age
 * ratings, which may hold commas). The text is kept as typed while it means the same list.
 */
function StringListField({
  name,
  label,
  hint,
  multiline,
  describe,
  placeholder,
}: {
  name: StringListPath;
  label: string;
  hint: string;
  multiline?: boolean;
  describe?: (items: string[]) => string;
  placeholder?: string;
}) {
  const { field } = useController<FilmContent, StringListPath>({ name });
  const value = (field.value ?? []) as string[];
  const separator = multiline ? /\n/u : /,/u;
  const joiner = multiline ? '\n' : ', ';
  const [text, setText] = useState(() => value.join(joiner));
  const shown = splitList(text, separator).join('\u0000') === value.join('\u0000') ? text : value.join(joiner);
  const error = useListError(name);
  const id = fieldId(name);
  const described = describe && value.length > 0 ? describe(value) : '';
  const common = {
    id,
    className: ui.input,
    value: shown,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-hint${error ? ` ${id}-error` : ''}`,
    onBlur: field.onBlur,
    ref: field.ref,
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
      field.onChange(splitList(e.target.value, separator));
    },
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
        <span className={ui.optional}>(optional)</span>
      </label>
      {multiline ? <textarea rows={2} {...common} /> : <input {...common} />}
      <p id={`${id}-hint`} className={ui.hint}>
        {hint}
        {described ? ` Reads: ${described}.` : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Directors or writers: people picked like actors, so their pages list these credits too. */
function PeopleField({ name, label, noun }: { name: PeoplePath; label: string; noun: string }) {
  const { field } = useController<FilmContent, PeoplePath>({ name });
  const people = (field.value ?? []) as PersonRef[];
  const error = useListError(name);
  const id = fieldId(name);
  const [searchKey, setSearchKey] = useState(0);
  return (
    <div className={styles.field} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className={styles.groupLabel}>
        {label}
      </span>
      {people.map((person, index) => (
        <ChosenPerson
          key={person.slug}
          person={person}
          onRemove={() => field.onChange(people.filter((_, i) => i !== index))}
          removeLabel={`Remove ${person.name} as a ${noun}`}
        />
      ))}
      <PersonSearchInput
        key={searchKey}
        id={`${id}-add`}
        field={name}
        label={`Add a ${noun}`}
        hint="Their page will list this film."
        exclude={people.map((p) => p.slug)}
        onPick={(person) => {
          field.onChange([...people, person]);
          setSearchKey((k) => k + 1);
        }}
      />
      {error ? <p className={ui.error}>{error}</p> : null}
    </div>
  );
}

/** Film facts: the reader page's infobox. Facts are not spoilers, so they have no spoiler level. */
export const FactsSection = memo(function FactsSection(section: SectionProps) {
  const { getValues, setValue } = useFormContext<FilmContent>();
  const dateError = useFieldError('facts.releaseDate');
  return (
    <Section
      id="facts"
      title="Facts"
      description="The infobox beside the premise, the search engines’ data and the home page’s filters. Facts are not spoilers: every reader sees them."
      {...section}
    >
      <div className={styles.grid3}>
        <TextField
          name="facts.releaseDate"
          label="Release date"
          type="date"
          optional
          hint={dateError ? undefined : 'Its year is the release year.'}
          registerOptions={{
            onChange: (e: { target: { value: string } }) => {
              const year = Number(e.target.value.slice(0, 4));
              if (/^\d{4}-/u.test(e.target.value) && getValues('releaseYear') === null)
                setValue('releaseYear', year, { shouldDirty: true, shouldValidate: true });
            },
          }}
        />
        <TextField
          name="facts.runtimeMinutes"
          label="Runtime (minutes)"
          optional
          inputMode="numeric"
          placeholder="e.g. 94"
          registerOptions={{ setValueAs: toNumberOrNull }}
        />
        <div />
      </div>
      <div className={styles.grid2}>
        <PeopleField name="facts.directors" label="Directors" noun="director" />
        <PeopleField name="facts.writers" label="Writers" noun="writer" />
      </div>
      <StringListField name="facts.genres" label="Genres" hint="Separated by commas, e.g. Drama, Sports film." placeholder="Drama" />
      <div className={styles.grid2}>
        <StringListField
          name="facts.countries"
          label="Countries"
          hint="ISO 3166 codes, separated by commas, e.g. CA, FR."
          describe={(codes) => codes.map(countryName).join(', ')}
          placeholder="CA"
        />
        <StringListField
          name="facts.languages"
          label="Languages"
          hint="ISO 639 codes, separated by commas, e.g. en, fr."
          describe={(codes) => codes.map(languageName).join(', ')}
          placeholder="en"
        />
      </div>
      <StringListField name="facts.ageRatings" label="Age ratings" hint="One per line, with the country: Canada: PG." multiline />
      <div className={styles.grid2}>
        <TextField name="facts.imdbId" label="IMDb id" optional placeholder="tt1234567" />
        <TextField name="facts.wikidataId" label="Wikidata id" optional placeholder="Q42" />
      </div>
    </Section>
  );
});
