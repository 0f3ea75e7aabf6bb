import type { ReactNode } from 'react';
import { get, useFormContext, useFormState, type FieldPath, type RegisterOptions } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import ui from '../ui.module.css';
import styles from './fields.module.css';

export type FormPath = FieldPath<FilmContent>;

/** A DOM id for a field, from its path: "events.3.title" → "field-events-3-title". */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

/** The field's current error message, re-rendering only when that field's errors change. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState<FilmContent>({ name: name as FormPath });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={ui.error}>
      {message}
    </p>
  );
}

type CommonProps = {
  name: FormPath;
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  placeholder?: string;
  className?: string;
  /** Shown under the input at the right, e.g. a live word count; also describes the input. */
  meta?: ReactNode;
};

function describedBy(id: string, parts: { hint?: unknown; meta?: unknown; error?: unknown }) {
  const ids = [parts.hint && `${id}-hint`, parts.meta && `${id}-meta`, parts.error && `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldFrame({
  id,
  label,
  optional,
  hint,
  meta,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  meta?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={ui.label}>
        {label}
        {optional ? <span className={ui.optional}>(optional)</span> : null}
      </label>
      {children}
      {hint || meta ? (
        <div className={styles.below}>
          {hint ? (
            <p id={`${id}-hint`} className={ui.hint}>
              {hint}
            </p>
          ) : (
            <span />
          )}
          {meta ? (
            <p id={`${id}-meta`} className={styles.meta}>
              {meta}
            </p>
          ) : null}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextField({
  name,
  label,
  hint,
  optional,
  placeholder,
  className,
  meta,
  inputMode,
  type,
  registerOptions,
}: CommonProps & { inputMode?: 'numeric' | 'text'; type?: 'text' | 'date'; registerOptions?: RegisterOptions<FilmContent, FormPath> }) {
  const { register } = useFormContext<FilmContent>();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} meta={meta} error={error} className={className}>
      <input
        id={id}
        className={ui.input}
        placeholder={placeholder}
        inputMode={inputMode}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, meta, error })}
        {...register(name, registerOptions)}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ name, label, hint, optional, placeholder, className, meta, rows = 5 }: CommonProps & { rows?: number }) {
  const { register } = useFormContext<FilmContent>();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} meta={meta} error={error} className={className}>
      <textarea
        id={id}
        rows={rows}
        className={ui.input}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, meta, error })}
        {...register(name)}
      />
    </FieldFrame>
  );
}
