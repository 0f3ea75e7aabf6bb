import { useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { slugify } from '@/lib/content/schema';
import { createFilmAction } from '@/lib/films/film-actions';
import ui from '@/components/editor/ui.module.css';
import styles from './film-list.module.css';
import dialogStyles from '@/components/editor/dialog.module.css';

/** "New film": a title, a slug suggested from it, then straight into the editor. */
export function NewFilmDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; slug?: string; form?: string }>({});
  const [pending, startTransition] = useTransition();

  const effectiveSlug = slugEdited ? slug : title.trim() ? slugify(title) : '';

  function open() {
    setTitle('');
    setSlug('');
    setSlugEdited(false);
    setErrors({});
    dialog.current?.showModal();
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = await createFilmAction({ title, slug: effectiveSlug });
      if (result.ok) {
        dialog.current?.close();
        router.push(`/editor/films/${result.data.slug}`);
        return;
      }
      const byField = Object.fromEntries((result.errors ?? []).map((e) => [e.path, e.message]));
      // A slug made from an empty title is the title's fault: said once, on the title.
      const slugError = !slugEdited && byField.title ? undefined : byField.slug;
      setErrors({ title: byField.title, slug: slugError, form: result.errors?.length ? undefined : result.error });
    });
  }

  return (
    <>
      <button type="button" className={`${ui.button} ${ui.primary}`} onClick={open}>
        + New film
      </button>
      <dialog ref={dialog} className={`${dialogStyles.dialog} ${dialogStyles.narrow}`} aria-labelledby="new-film-title">
        <form onSubmit={submit} noValidate>
          <h2 id="new-film-title" className={dialogStyles.title}>
            New film
          </h2>
          <p className={ui.hint}>It starts as a draft: nothing appears on the site until it is published.</p>
          <div className={styles.dialogField}>
            <label htmlFor="new-film-name" className={ui.label}>
              Title
            </label>
            <input
              id="new-film-name"
              className={ui.input}
              value={title}
              autoFocus
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? 'new-film-name-error' : undefined}
              onChange={(e) => setTitle(e.target.value)}
            />
            {errors.title ? (
              <p id="new-film-name-error" className={ui.error}>
                {errors.title}
              </p>
            ) : null}
          </div>
          <div className={styles.dialogField}>
            <label htmlFor="new-film-slug" className={ui.label}>
              Slug
            </label>
            <input
              id="new-film-slug"
              className={ui.input}
              value={effectiveSlug}
              aria-invalid={errors.slug ? true : undefined}
              aria-describedby={errors.slug ? 'new-film-slug-hint new-film-slug-error' : 'new-film-slug-hint'}
              onChange={(e) => {
                setSlug(e.target.value);
                setSlugEdited(true);
              }}
              // Left empty: it follows the title again.
              onBlur={(e) => {
                if (e.target.value === '') setSlugEdited(false);
              }}
            />
            <p id="new-film-slug-hint" className={ui.hint}>
              The page’s address: /films/{effectiveSlug || '…'}
            </p>
            {errors.slug ? (
              <p id="new-film-slug-error" className={ui.error}>
                {errors.slug}
              </p>
            ) : null}
          </div>
          {errors.form ? (
            <p role="alert" className={ui.error}>
              {errors.form}
            </p>
          ) : null}
          <div className={dialogStyles.actions}>
            <button type="button" className={ui.button} onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={pending}>
              {pending ? 'Creating…' : 'Create and edit'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
