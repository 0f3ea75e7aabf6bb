'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { FilmBreadcrumb } from '@/components/editor/film-breadcrumb';
import { useLeaveGuard } from '@/components/editor/film-form/use-leave-guard';
import subpage from '@/components/editor/film-subpage.module.css';
import ui from '@/components/editor/ui.module.css';
import {
  publishTranslationAction,
  restoreTranslationAction,
  saveTranslationAction,
  unpublishTranslationAction,
  saveTranslationAutosaveAction,
  discardTranslationAutosaveAction,
} from '@/app/(editor)/editor/films/[slug]/translations/[locale]/actions';
import { MarkedText } from '@/components/revisions/text-change';
import { diffText } from '@/lib/films/diff';
import { SECTION_LABELS, type SectionId } from '@/lib/page/parts';
import { SPOILER_LABELS } from '@/lib/spoilers/level-labels';
import type {
  Translation,
  TranslationAutosaveSlot,
  TranslationRevisionSummary,
  TranslationStatus,
  TranslationUnitState,
} from '@/lib/translations/translation-schema';
import type { ListEnvelope } from '@/lib/api/list';
import { TimeAgo } from '@/components/editor/time-ago';
import { SchedulePanel } from '@/components/schedule/schedule-panel';
import { RestoreBanner } from '@/components/editor/film-form/restore-banner';
import { useAutosaveSlot, type AutosaveState } from '@/components/editor/use-autosave-slot';
import { unwrap } from '@/components/editor/action-result';
import { sameContent } from '@/lib/content/same-content';
import { submitForReviewAction } from '@/lib/reviews/review-actions';
import type { ReviewSummary } from '@/lib/reviews/list-reviews';
import { SubmitForReview } from '@/components/editor/film-form/submit-for-review';
import styles from './translation-view.module.css';

export type TranslationFilter = 'all' | 'todo';
type Props = {
  filmId: string;
  /** The user's work in progress on this translation, if any. */
  autosave: TranslationAutosaveSlot | null;
  translation: Translation;
  title: string;
  canEditQuiz: boolean;
  canPublish: boolean;
  initialShow: TranslationFilter;
  history: ListEnvelope<TranslationRevisionSummary>;
  /** The translation's open review request (pending, or sent back), if any. */
  review: ReviewSummary | null;
};
type Values = { texts: string[]; message: string };

const STATUS_WORDS: Record<TranslationStatus, string> = { missing: 'Not translated', outdated: 'Source changed', translated: 'Translated' };

/** Hands each change of the texts to autosave, in a component of its own so typing re-renders only it (and the field). */
function TextsWatcher({ control, onChange }: { control: Control<Values>; onChange: (values: Pick<Values, 'texts'>) => void }) {
  const texts = useWatch({ control, name: 'texts' });
  const mounted = useRef(false);
  useEffect(() => {
    // The first render is the loaded texts, not a change.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    onChange({ texts });
  }, [texts, onChange]);
  return null;
}

/** What the autosave is doing, in a word or two, beside the save button. */
function autosaveLine(state: AutosaveState): string {
  switch (state.phase) {
    case 'saving':
      return 'Autosaving…';
    case 'saved':
      return `Unsaved work autosaved at ${new Date(state.savedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.`;
    case 'failed':
      return `Autosave failed (${state.message}): your texts are still here.`;
    case 'paused':
      return 'Not autosaving until you restore or discard your earlier unsaved changes.';
    default:
      return '';
  }
}

/** "12 of 40 texts translated · 2 whose source changed since · 26 not translated". */
function progressLine({ counts }: Translation): string {
  const parts = [`${counts.translated} of ${counts.units} texts translated`];
  if (counts.outdated) parts.push(`${counts.outdated} whose source changed since`);
  if (counts.missing) parts.push(`${counts.missing} not translated`);
  return parts.join(' · ');
}

/**
 * A translation, unit by unit, as translation tools show it: the page's text on the left, the
 * translation beside it, grouped by part; what is missing or changed in the source since is marked,
 * with the text it was translated from. Levels are not here: they are the page's, for every language.
 * Saving makes a revision of the translation.
 */
export function TranslationView({ filmId, autosave, translation, title, canEditQuiz, canPublish, initialShow, history, review }: Props) {
  const router = useRouter();
  const { units, slug, locale, language, sourceLocale } = translation;
  const [show, setShowState] = useState<TranslationFilter>(initialShow);
  // In the address too, so the screen a save reloads shows the same texts.
  const setShow = (value: TranslationFilter) => {
    setShowState(value);
    const url = new URL(window.location.href);
    if (value === 'all') url.searchParams.delete('show');
    else url.searchParams.set('show', value);
    window.history.replaceState(null, '', url);
  };
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  // A scheduled job that ran reloads the screen's data, but not over unsaved texts: reloading resets the form.
  const dirty = useRef(false);
  const refresh = useCallback(() => {
    if (!dirty.current) router.refresh();
  }, [router]);
  const [unitErrors, setUnitErrors] = useState<Record<string, string>>({});
  const { register, handleSubmit, formState, reset, control } = useForm<Values>({
    defaultValues: { texts: units.map((unit) => unit.text ?? ''), message: '' },
  });
  // The texts as the autosave slot holds them: by unit key, the empty ones left out.
  const textsByKey = useCallback(
    (values: unknown) => {
      const texts = (values as Partial<Values>).texts ?? [];
      return Object.fromEntries(units.flatMap((unit, i) => (texts[i] ? [[unit.key, texts[i]]] : [])));
    },
    [units],
  );
  const saved = useMemo(() => ({ texts: units.map((unit) => unit.text ?? '') }), [units]);
  // Work in progress from an earlier visit is offered back until restored or discarded; meanwhile nothing overwrites it.
  const [offer, setOffer] = useState(() => (autosave && !sameContent(autosave.texts, textsByKey(saved)) ? autosave : null));
  const autosaving = useAutosaveSlot({
    write: async (texts: Record<string, string>) =>
      unwrap(await saveTranslationAutosaveAction({ slug, locale, baseRevision: translation.revision, texts })),
    empty: () => discardTranslationAutosaveAction({ slug, locale }),
    normalize: textsByKey,
    baseline: saved,
    enabled: offer === null,
    slotInitiallyFull: autosave !== null,
  });
  const { schedule: scheduleAutosave, revisionSaved } = autosaving;

  useLeaveGuard(formState.isDirty && !formState.isSubmitSuccessful);
  useEffect(() => {
    dirty.current = formState.isDirty;
  });
  // A save, a restore or a newer page reloads the screen's data: the form starts again from it (the status line stays).
  useEffect(() => {
    reset({ texts: units.map((unit) => unit.text ?? ''), message: '' });
  }, [units, reset]);

  const sections = useMemo(() => {
    const groups = new Map<SectionId, Array<{ unit: TranslationUnitState; index: number }>>();
    units.forEach((unit, index) => {
      const section = unit.section as SectionId;
      groups.set(section, [...(groups.get(section) ?? []), { unit, index }]);
    });
    return [...groups];
  }, [units]);

  const save = handleSubmit(async ({ texts, message }) => {
    setStatus(null);
    setUnitErrors({});
    const result = await saveTranslationAction({
      slug,
      locale,
      baseRevision: translation.revision,
      sourceRevision: translation.sourceRevision,
      texts: Object.fromEntries(units.flatMap((unit, i) => (texts[i].trim() ? [[unit.key, texts[i]]] : []))),
      message,
    });
    if (result.ok) {
      revisionSaved();
      setOffer(null);
      setStatus({ kind: 'saved', text: `Saved as revision ${result.data.revision} of the ${language} translation.` });
      router.refresh();
      return;
    }
    const errors = Object.fromEntries((result.errors ?? []).map((e) => [e.path.replace(/^texts\./, ''), e.message]));
    setUnitErrors(errors);
    setStatus({
      kind: 'error',
      text:
        result.status === 409 ? `${result.error}. Your texts are still here: copy what you need, then reload to see theirs.` : result.error,
    });
  });

  const publishing = async (action: 'publish' | 'unpublish') => {
    setStatus(null);
    const result =
      action === 'publish'
        ? await publishTranslationAction({ slug, locale, revision: translation.revision })
        : await unpublishTranslationAction({ slug, locale });
    if (!result.ok) return setStatus({ kind: 'error', text: result.error });
    setStatus({
      kind: 'saved',
      text:
        action === 'publish'
          ? `Published: readers of ${language} get revision ${translation.revision}.`
          : `Taken off the site: readers of ${language} get the page’s own language.`,
    });
    router.refresh();
  };

  const submitForReview = async (note: string) => {
    setStatus(null);
    const result = await submitForReviewAction({ slug, locale, revision: translation.revision, note });
    if (!result.ok) {
      setStatus({ kind: 'error', text: result.error });
      return false;
    }
    setStatus({ kind: 'saved', text: `Submitted revision ${result.data.revision} of the ${language} translation for review.` });
    router.refresh();
    return true;
  };

  const restore = async (n: number) => {
    setStatus(null);
    const result = await restoreTranslationAction({ slug, locale, n, baseRevision: translation.revision });
    if (!result.ok) return setStatus({ kind: 'error', text: result.error });
    setStatus({ kind: 'saved', text: `Restored revision ${n} as revision ${result.data.revision}.` });
    router.refresh();
  };

  const visible = (unit: TranslationUnitState) => show === 'all' || unit.status !== 'translated';
  const todo = translation.counts.missing + translation.counts.outdated;

  return (
    <div className={styles.page}>
      <FilmBreadcrumb slug={slug} title={title} steps={[{ label: `${language} translation` }]} />
      <header>
        <h1 className={subpage.title}>
          {language} translation · {title}
        </h1>
        <p className={subpage.status}>
          {translation.revision
            ? `Revision ${translation.revision}, translated from revision ${translation.translatedFrom} of the page (now at ${translation.sourceRevision}).`
            : `Not saved yet: it starts from revision ${translation.sourceRevision} of the page.`}{' '}
          {progressLine(translation)}.
        </p>
        <p className={ui.hint}>
          Spoiler levels, images, people and facts are the page’s own, for every language: change them in the page’s editor. A text left
          empty is shown to readers in the page’s language.
        </p>
      </header>

      {offer ? (
        <RestoreBanner
          savedAt={offer.savedAt}
          baseRevision={offer.baseRevision}
          latestRevision={translation.revision}
          newerNote="saving them replaces its texts with yours"
          onRestore={() => {
            // A text the slot lacks keeps the newest revision's (someone may have translated it since).
            reset({ texts: units.map((unit) => offer.texts[unit.key] ?? unit.text ?? ''), message: '' }, { keepDefaultValues: true });
            setOffer(null);
          }}
          onDiscard={() => {
            setOffer(null);
            void autosaving.clear();
          }}
        />
      ) : null}

      <section className={styles.publishing} aria-label="Publishing">
        <p>
          {translation.published
            ? `On the site: readers of ${language} get revision ${translation.published}${translation.published === translation.revision ? '' : ` (the newest is ${translation.revision})`}, over the page’s published revision. A text whose source changed since it was translated reads in the page’s language.`
            : `Not on the site: readers of ${language} get the page in its own language.`}
        </p>
        {canPublish ? (
          <div className={styles.actions}>
            {translation.revision > 0 && translation.published !== translation.revision ? (
              <button type="button" className={ui.button} disabled={formState.isDirty} onClick={() => void publishing('publish')}>
                Publish revision {translation.revision}
              </button>
            ) : null}
            {translation.published ? (
              <button
                type="button"
                className={`${ui.button} ${ui.ghost}`}
                disabled={formState.isDirty}
                onClick={() => void publishing('unpublish')}
              >
                Take off the site
              </button>
            ) : null}
            {translation.revision > 0 ? (
              <button
                type="button"
                className={`${ui.button} ${ui.ghost}`}
                disabled={formState.isDirty}
                aria-expanded={scheduleOpen}
                onClick={() => setScheduleOpen(true)}
              >
                Schedule…
              </button>
            ) : null}
          </div>
        ) : (
          <div className={styles.actions}>
            <SubmitForReview
              revision={translation.revision}
              blocked={
                formState.isDirty ||
                translation.revision === 0 ||
                translation.published === translation.revision ||
                (review?.state === 'pending' && review.revision === translation.revision)
              }
              dirty={formState.isDirty}
              onSubmit={submitForReview}
            />
          </div>
        )}
        {review ? (
          <p className={styles.review} data-review-state={review.state}>
            {review.state === 'pending'
              ? `In review: revision ${review.revision}, submitted by ${review.submittedBy ?? 'someone'}. An editor approves (which publishes it) or sends it back.`
              : `Changes requested in revision ${review.revision}${review.decidedBy ? ` by ${review.decidedBy}` : ''}: ${review.decisionComment}`}
          </p>
        ) : canPublish ? null : (
          <p className={ui.hint}>An editor or an admin publishes translations: submit a saved revision for review.</p>
        )}
        <SchedulePanel
          filmId={filmId}
          slug={slug}
          locale={locale}
          revision={translation.revision}
          isPublished={translation.published !== null}
          open={scheduleOpen && !formState.isDirty}
          canCancel={canPublish}
          onClose={() => setScheduleOpen(false)}
          notify={({ tone, text }) => setStatus({ kind: tone === 'error' ? 'error' : 'saved', text })}
          onJobRan={refresh}
        />
      </section>

      <fieldset className={styles.filter}>
        <legend>Show</legend>
        <label>
          <input type="radio" name="show" checked={show === 'all'} onChange={() => setShow('all')} /> Every text ({units.length})
        </label>
        <label>
          <input type="radio" name="show" checked={show === 'todo'} onChange={() => setShow('todo')} /> Only what needs translating ({todo})
        </label>
      </fieldset>

      <form onSubmit={save} noValidate>
        <TextsWatcher control={control} onChange={scheduleAutosave} />
        {sections.map(([section, entries]) => {
          const shown = entries.filter(({ unit }) => visible(unit));
          if (shown.length === 0) return null;
          return (
            <section key={section} className={styles.section} aria-labelledby={`translate-${section}`}>
              <h2 id={`translate-${section}`}>{SECTION_LABELS[section]}</h2>
              {shown.map(({ unit, index }) => {
                const id = `unit-${index}`;
                const readOnly = unit.section === 'quiz' && !canEditQuiz;
                const error = unitErrors[unit.key];
                const field = {
                  id,
                  lang: locale,
                  className: ui.input,
                  readOnly,
                  'aria-invalid': error ? true : undefined,
                  'aria-describedby': error ? `${id}-error` : undefined,
                  ...register(`texts.${index}`),
                };
                return (
                  <div key={unit.key} className={styles.unit} data-status={unit.status}>
                    <div className={styles.source}>
                      <label htmlFor={id} className={ui.label}>
                        {unit.label}
                      </label>
                      <p className={styles.meta}>
                        <span className={styles.badge}>{STATUS_WORDS[unit.status]}</span> · {SPOILER_LABELS[unit.level]}
                      </p>
                      <p lang={sourceLocale} className={styles.sourceText}>
                        {unit.source}
                      </p>
                      {unit.status === 'outdated' && unit.from !== null ? (
                        <div className={styles.was}>
                          <p>What changed in the page since it was translated:</p>
                          <div lang={sourceLocale}>
                            <MarkedText parts={diffText(unit.from, unit.source)} />
                          </div>
                        </div>
                      ) : null}
                    </div>
                    {unit.kind === 'long' ? (
                      <textarea rows={Math.min(12, Math.max(3, Math.ceil(unit.source.length / 70)))} {...field} />
                    ) : (
                      <input {...field} />
                    )}
                    {error ? (
                      <p id={`${id}-error`} className={ui.error}>
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </section>
          );
        })}
        {show === 'todo' && todo === 0 ? <p role="status">Everything is translated and up to date.</p> : null}

        <div className={styles.bar}>
          <label htmlFor="translation-message" className={ui.label}>
            Note about this change (optional)
          </label>
          <input id="translation-message" className={ui.input} maxLength={500} {...register('message')} />
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Save translation'}
          </button>
          <p role="status" className={status?.kind === 'error' ? ui.error : undefined}>
            {status?.text}
          </p>
          <p className={ui.hint} aria-live="polite">
            {autosaveLine(autosaving.state)}
          </p>
        </div>
      </form>

      {history.total > 0 ? (
        <details className={styles.history}>
          <summary>
            History: {history.total} {history.total === 1 ? 'revision' : 'revisions'}
          </summary>
          <ol reversed>
            {history.items.map((revision) => (
              <li key={revision.number}>
                <span>
                  <strong>Revision {revision.number}</strong> · {revision.author ?? 'someone'} · <TimeAgo iso={revision.createdAt} /> ·{' '}
                  {revision.translated} {revision.translated === 1 ? 'text' : 'texts'}, from revision {revision.sourceRevision} of the page
                  {revision.message ? ` · “${revision.message}”` : ''}
                </span>
                {revision.number !== translation.revision ? (
                  <Link
                    className={`${ui.button} ${ui.small}`}
                    href={`/editor/films/${slug}/translations/${locale}/compare?from=${revision.number}&to=${translation.revision}`}
                    aria-label={`Compare revision ${revision.number} with revision ${translation.revision}`}
                  >
                    Compare with newest
                  </Link>
                ) : null}
                {revision.number !== translation.revision ? (
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    disabled={formState.isDirty}
                    aria-label={`Restore revision ${revision.number}`}
                    onClick={() => void restore(revision.number)}
                  >
                    Restore
                  </button>
                ) : (
                  <span className={styles.meta}>newest</span>
                )}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
