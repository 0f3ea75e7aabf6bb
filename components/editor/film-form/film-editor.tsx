'use client';

import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import Link from 'next/link';
import { FormProvider, useForm, useFormState, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { filmContentSchema, type FilmContent } from '@/lib/content/schema';
import { plural } from '@/lib/content/derive';
import { saveDraftAction } from '@/lib/films/film-actions';
import { sameContent } from '@/lib/content/same-content';
import { isEditedInFilmEditor, PAGE_PARTS, withUneditedPartsOf } from '@/lib/page/parts';
import { findMergeUnits, isConflict, mergeContent, mergedChangeName } from '@/lib/films/diff';
import { countReaderViews, emptyParts, emptyViews, type LevelView } from '@/lib/spoilers/level-counts';
import { editorApi, editorKeys } from '@/lib/editor/query-keys';
import type { FilmStatusInfo } from '@/lib/films/film-status';
import type { WorkInProgress } from '@/lib/editor/work-in-progress';
import { ActionFailure, describeFailure, fetchJson } from '../action-result';
import { NoticesProvider, useNotices } from '../notices';
import { useRevisionSave } from '../use-revision-save';
import { ActionBar } from './action-bar';
import { ConflictPanel } from './conflict-panel';
import type { ConflictState, EditBase, EditorInitialData } from './editor-data';
import { FormWatcher } from './form-watcher';
import { EDITOR_PART_SECTIONS } from './part-sections';
import type { EditorContext } from './section-props';
import type { FormPath } from './fields';
import { NewerRevisionBanner } from './newer-revision-banner';
import { PreviewMenu } from './preview-menu';
import { PublishCheckDialog, ReaderViewSummary } from './reader-view';
import { SpoilerLintDialog, SpoilerLintPanel, SuggestLevelsDialog, type LevelChange } from './story-levels';
import { lintFilmSpoilers, openWarnings, type SpoilerWarning } from '@/lib/story-position';
import { SPOILER_LABELS } from '@/lib/spoilers/levels';
import { RestoreBanner } from './restore-banner';
import { SectionNav } from './section-nav';
import { allSectionsOpen, errorsBySection, isFieldPath, sectionOf, type SectionId } from './sections';
import { useAutosave } from './use-autosave';
import { useLeaveGuard } from './use-leave-guard';
import { usePublishing } from './use-publishing';
import { SchedulePanel } from '@/components/schedule/schedule-panel';
import { submitForReviewAction } from '@/lib/reviews/review-actions';
import type { ReviewSummary } from '@/lib/reviews/list-reviews';
import { CommentsProvider } from '../comments/comments-context';
import { CommentsPanel } from '../comments/comments-panel';
import styles from './film-editor.module.css';
import ui from '../ui.module.css';
import { HistoryLink } from '@/components/revisions/history-link';
import { ExportLinks } from '../export-links';
import { PresenceBar } from '@/components/revisions/presence-bar';
import { filmPath } from '@/lib/reader/reader-address.mjs';

// The form always holds a complete page (every default applied), which is valid schema input, so
// the form's value type and the schema's output type coincide.
const contentResolver = zodResolver(filmContentSchema) as unknown as Resolver<FilmContent, unknown, FilmContent>;

type SaveTarget = { base: EditBase; slug: string };
/**
 * A save of the form: the target names the revision it builds on; `submitted` is the form as it was.
 * A save merged by itself with a newer revision names the form it was merged from (`mergedFrom`).
 */
type SaveInput = { target: SaveTarget; content: FilmContent; message: string; submitted: unknown; mergedFrom?: FilmContent };

/** The shape of a 409's details from saveDraft (dates arrive as Date or string). */
type SaveConflictDetails = {
  current: { number: number; author: string | null; createdAt: string | Date; message: string; content: FilmContent };
  yours: FilmContent;
};

export function FilmEditor({ initial }: { initial: EditorInitialData }) {
  return (
    <NoticesProvider>
      <Workspace initial={initial} />
    </NoticesProvider>
  );
}

function WatchedTitle() {
  const title = useWatch<FilmContent, 'title'>({ name: 'title' });
  return <>{title?.trim() || 'Untitled film'}</>;
}

/** What a save merged with by itself: whose revision, and which of their changes it kept. */
function describeMerges(conflicts: ConflictState[], userLabel: string): string {
  return conflicts
    .map(({ base, theirs, mine }) => {
      const kept = findMergeUnits(base.content, theirs.content, mine)
        .filter((u) => u.changedBy === 'theirs')
        .map(mergedChangeName);
      const listed = kept.length > 3 ? `${kept.slice(0, 3).join('; ')} and ${kept.length - 3} more` : kept.join('; ');
      // The user's own save from another tab is not "someone else's".
      const who = theirs.author !== null && theirs.author === userLabel ? 'you in another tab' : (theirs.author ?? 'someone else');
      const whose = who === 'you in another tab' ? 'its' : 'their';
      return `Merged with revision ${theirs.number} by ${who}${listed ? `, keeping ${whose} changes (${listed})` : ''}.`;
    })
    .join(' ');
}

/** Focuses the first field with an error, once collapsed sections and items have opened. */
function focusFirstInvalid() {
  setTimeout(() => document.querySelector<HTMLElement>('#film-form [aria-invalid="true"]')?.focus(), 80);
}

function Workspace({ initial }: { initial: EditorInitialData }) {
  const queryClient = useQueryClient();
  const { notify, dismissAll } = useNotices();
  const form = useForm<FilmContent, unknown, FilmContent>({
    defaultValues: initial.content,
    resolver: contentResolver,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    // We focus errors ourselves, after opening the collapsed parts that hold them.
    shouldFocusError: false,
  });
  const [base, setBase] = useState<EditBase>({ revision: initial.revision, content: initial.content });
  const [filmSlug, setFilmSlug] = useState(initial.slug);
  // What the form is compared with to tell "unsaved changes": the content of the last saved revision.
  const [baseline, setBaseline] = useState<unknown>(initial.content);
  const [dirty, setDirty] = useState(false);
  const [restoreOffer, setRestoreOffer] = useState(initial.autosave);
  const [openSections, setOpenSections] = useState(allSectionsOpen);
  const [message, setMessage] = useState('');
  useLeaveGuard(dirty);

  const statusKey = editorKeys.filmStatus(initial.filmId);
  const status = useQuery({
    queryKey: statusKey,
    queryFn: () => fetchJson<FilmStatusInfo>(editorApi.filmStatus(initial.filmId)),
    initialData: initial.status,
    // Polling notices someone else's save before it turns into a conflict.
    refetchInterval: 30_000,
  });

  const autosave = useAutosave({
    filmId: initial.filmId,
    baseRevision: base.revision,
    baseline,
    // While the restore offer is open, the slot holds the user's earlier work: don't overwrite it.
    enabled: !restoreOffer,
    slotInitiallyFull: initial.autosave !== null,
  });

  const { errors } = useFormState({ control: form.control });
  const sectionErrors = errorsBySection(errors);

  const toggleSection = useCallback((id: SectionId) => setOpenSections((open) => ({ ...open, [id]: !open[id] })), []);
  const openSectionsFor = useCallback((ids: Array<SectionId | null>) => {
    setOpenSections((open) => {
      const next = { ...open };
      for (const id of ids) if (id) next[id] = true;
      return next;
    });
  }, []);

  const jumpTo = useCallback(
    (id: SectionId) => {
      openSectionsFor([id]);
      requestAnimationFrame(() => {
        document.getElementById(`section-${id}`)?.scrollIntoView({ block: 'start' });
        document.querySelector<HTMLElement>(`#section-${id} h2 button`)?.focus({ preventScroll: true });
      });
    },
    [openSectionsFor],
  );

  const setUrlSlug = (slug: string) => {
    setFilmSlug(slug);
    // The editor's address follows the film's slug without reloading the form.
    if (window.location.pathname !== `/editor/films/${slug}`) window.history.replaceState(null, '', `/editor/films/${slug}`);
  };

  // ------------------------------------------------------------------ save and publish

  const publishing = usePublishing({ filmId: initial.filmId, notify });
  // The levels of the revision about to be published, while the check before publishing is open.
  const [publishCheck, setPublishCheck] = useState<LevelView[] | null>(null);

  // The spoiler lint's warnings on the revision about to be published, while its question is open.
  const [lintCheck, setLintCheck] = useState<SpoilerWarning[] | null>(null);
  // Lint warnings dismissed for this film, each from the revision it was dismissed on: not asked about again.
  const [lintDismissals, setLintDismissals] = useState(initial.lintDismissals);

  /**
   * Publishes the form's revision; first asks when its spoiler lint has warnings, then when a level
   * would see nothing of a section with items.
   */
  const openLintWarnings = () =>
    openWarnings(
      lintFilmSpoilers(base.content).filter((w) => isEditedInFilmEditor(w.path)),
      lintDismissals,
      base.revision,
    );
  // What the lint's question goes on to: publishing, or a writer's submission for review.
  const [lintGoesOn, setLintGoesOn] = useState<{ action: 'Publish' | 'Submit'; run: () => void } | null>(null);
  function requestPublish({ lintChecked = false } = {}) {
    const warnings = lintChecked ? [] : openLintWarnings();
    if (warnings.length > 0) {
      setLintGoesOn({ action: 'Publish', run: () => requestPublish({ lintChecked: true }) });
      setLintCheck(warnings);
      return;
    }
    const views = countReaderViews(base.content);
    if (emptyViews(views).length > 0 || emptyParts(base.content).length > 0) setPublishCheck(views);
    else publishing.publish(filmSlug, base.revision);
  }
  const [scheduleOpen, setScheduleOpen] = useState(false);
  // The film's open review request: a writer submits instead of publishing.
  const [review, setReview] = useState<ReviewSummary | null>(initial.review);

  const saving = useRevisionSave({
    action: ({ target, content, message }: SaveInput) =>
      saveDraftAction({ slug: target.slug, baseRevision: target.base.revision, content, message }),
    setError: form.setError,
    fieldFor: (path) => (isFieldPath(path) ? (path as FormPath) : null),
    toConflict: (details: unknown, { target, content }: SaveInput): ConflictState => {
      const { current: theirs } = details as SaveConflictDetails;
      return {
        base: target.base,
        theirs: {
          number: theirs.number,
          author: theirs.author,
          createdAt: new Date(theirs.createdAt).toISOString(),
          message: theirs.message,
          content: theirs.content,
        },
        mine: content,
      };
    },
    // Their revision and this work changed different fields: save the merge without asking.
    mergeConflict: (conflict: ConflictState, input: SaveInput): SaveInput | null => {
      const { base: from, theirs, mine } = conflict;
      if (findMergeUnits(from.content, theirs.content, mine).some(isConflict)) return null;
      const merged = mergeContent(from.content, theirs.content, mine);
      return {
        target: { base: { revision: theirs.number, content: theirs.content }, slug: theirs.content.slug },
        content: withUneditedPartsOf(theirs.content, merged),
        message: input.message,
        submitted: merged,
        mergedFrom: input.mergedFrom ?? (input.submitted as FilmContent),
      };
    },
    cache: {
      queryKey: statusKey,
      saved: (s: FilmStatusInfo, saved, { content }): FilmStatusInfo => ({
        ...s,
        slug: saved.slug,
        title: content.title,
        latestRevision: saved.revision,
        updatedAt: new Date().toISOString(),
        updatedBy: initial.userLabel,
        status: s.publishedRevision ? 'changed' : 'draft',
      }),
    },
    onSaved: (saved, { content, submitted, mergedFrom }) => {
      if (mergedFrom) {
        // The form shows the merge; what was typed while the save was on its way stays on top.
        const now = form.getValues();
        form.reset(sameContent(now, mergedFrom) ? (submitted as FilmContent) : mergeContent(mergedFrom, submitted as FilmContent, now));
      }
      setBase({ revision: saved.revision, content });
      setBaseline(submitted);
      setUrlSlug(saved.slug);
      setMessage('');
      autosave.revisionSaved();
      void queryClient.invalidateQueries({ queryKey: editorKeys.films() });
    },
    onFailed: (failure) => {
      // The conflict panel is the message: nothing may cover it.
      if (failure.kind === 'conflict') dismissAll();
      if (failure.kind !== 'invalid') return;
      openSectionsFor(failure.onFields.map((e) => sectionOf(e.path)));
      focusFirstInvalid();
    },
    describe: (outcome) => {
      switch (outcome.kind) {
        case 'saved':
          return outcome.mergedWith.length
            ? `Saved revision ${outcome.saved.revision}. ${describeMerges(outcome.mergedWith, initial.userLabel)}`
            : `Saved revision ${outcome.saved.revision}.`;
        case 'conflict':
          // Said by the conflict panel, which takes the focus.
          return null;
        case 'invalid': {
          const { onFields, elsewhere } = outcome;
          const fields = onFields.length
            ? `${plural(onFields.length, 'field')} ${onFields.length === 1 ? 'needs' : 'need'} attention`
            : 'the server refused the content';
          return `Not saved: ${fields}${elsewhere.length ? ` (${elsewhere.map((e) => `${e.path}: ${e.message}`).join('; ')})` : ''}.`;
        }
        case 'failed':
          return describeFailure(outcome.error, 'save');
      }
    },
    onStatus: notify,
  });
  const conflict = saving.conflict;

  function onInvalid(invalid: FieldErrors<FilmContent>) {
    const counts = errorsBySection(invalid);
    openSectionsFor(
      Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([id]) => id as SectionId),
    );
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    notify({ tone: 'error', text: `Not saved: ${plural(total, 'field')} ${total === 1 ? 'needs' : 'need'} attention.` });
    focusFirstInvalid();
  }

  /** Saves the form as a new revision; true when it was saved. */
  async function save(target: SaveTarget = { base, slug: filmSlug }, revisionMessage = message): Promise<boolean> {
    let saved = false;
    await form.handleSubmit(async (data) => {
      // What the form held when saving: later typing stays "unsaved".
      const submitted = structuredClone(form.getValues());
      // Editors never change the quiz here: a save carries the quiz of the revision it is based on.
      const content: FilmContent = withUneditedPartsOf(target.base.content, data);
      saved = await saving.save({ target, content, message: revisionMessage, submitted });
    }, onInvalid)();
    return saved;
  }

  // ------------------------------------------------------------------ spoiler levels by story position

  // The form as it was when "Suggest levels" opened; null while closed.
  const [suggesting, setSuggesting] = useState<FilmContent | null>(null);

  function setLevels(changes: LevelChange[]) {
    for (const { path, level } of changes) form.setValue(`${path}.spoiler` as FormPath, level as never, { shouldDirty: true });
  }

  /** Accepting suggestions is a normal save: the levels go into the form, and the form is saved as a revision. */
  async function acceptLevels(changes: LevelChange[], revisionMessage: string): Promise<boolean> {
    setLevels(changes);
    return save({ base, slug: filmSlug }, message.trim() ? `${message.trim()}; ${revisionMessage}` : revisionMessage);
  }

  function raiseLevel(change: LevelChange) {
    setLevels([change]);
    notify({ tone: 'info', text: `Raised to ${SPOILER_LABELS[change.level]}. Save to make a revision.` });
  }

  /** "Show the text": opens the section and the item that hold the field, focuses it and selects the phrase. */
  function showText(warning: SpoilerWarning) {
    openSectionsFor([sectionOf(warning.field)]);
    requestAnimationFrame(() => {
      const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#film-form [name="${CSS.escape(warning.field)}"]`);
      if (!field) {
        notify({ tone: 'info', text: `${warning.label}: that text is not edited here (${warning.field}).` });
        return;
      }
      const body = field.closest<HTMLElement>('[hidden]');
      if (body?.id) document.querySelector<HTMLButtonElement>(`[aria-controls="${CSS.escape(body.id)}"]`)?.click();
      requestAnimationFrame(() => {
        field.scrollIntoView({ block: 'center' });
        field.focus({ preventScroll: true });
        const at = field.value.toLocaleLowerCase('en').indexOf(warning.phrase.toLocaleLowerCase('en'));
        if (at >= 0) field.setSelectionRange(at, at + warning.phrase.length);
      });
    });
  }

  function requestSave() {
    if (!dirty && !conflict) {
      notify({ tone: 'info', text: `Nothing to save: no changes since revision ${base.revision}.` });
      return;
    }
    void save();
  }

  // Ctrl/Cmd+S saves, as in every editor.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        (document.getElementById('film-form') as HTMLFormElement | null)?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // ------------------------------------------------------------------ conflict and restore

  /** Saves the form on top of their revision: my whole version, replacing theirs. */
  function keepMine() {
    if (!conflict) return;
    void save({ base: { revision: conflict.theirs.number, content: conflict.theirs.content }, slug: conflict.theirs.content.slug });
  }

  /** Puts the merge into the form and saves it on top of their revision. */
  function saveMerged(merged: FilmContent) {
    form.reset(merged);
    keepMine();
  }

  function reloadTheirs() {
    if (!conflict) return;
    const theirs = conflict.theirs;
    form.reset(theirs.content);
    setBase({ revision: theirs.number, content: theirs.content });
    setBaseline(theirs.content);
    setUrlSlug(theirs.content.slug);
    saving.clearConflict();
    void autosave.clear();
    void queryClient.invalidateQueries({ queryKey: statusKey });
    notify({ tone: 'info', text: `Showing revision ${theirs.number} by ${theirs.author ?? 'someone else'}.` });
  }

  function restoreUnsaved() {
    if (!restoreOffer) return;
    const startedFrom = restoreOffer.baseContent ? { revision: restoreOffer.baseRevision, content: restoreOffer.baseContent } : base;
    setBase(startedFrom);
    form.reset(withUneditedPartsOf(startedFrom.content, restoreOffer.content) as FilmContent);
    setRestoreOffer(null);
    notify({ tone: 'info', text: 'Restored your unsaved changes. Save them to make a revision.' });
  }

  function discardUnsaved() {
    setRestoreOffer(null);
    void autosave.clear();
    notify({ tone: 'info', text: 'Discarded the autosaved changes.' });
  }

  const flushAutosave = useCallback(async () => {
    await autosave.flush(form.getValues() as unknown as WorkInProgress);
  }, [autosave, form]);

  // ------------------------------------------------------------------ render

  const current = status.data;
  const isPublished = current.publishedRevision !== null;
  // One object while nothing in it changes: the sections are memoised.
  const editorContext = useMemo<EditorContext>(
    () => ({ savedSlug: filmSlug, isPublished, canEditQuiz: initial.canEditQuiz }),
    [filmSlug, isPublished, initial.canEditQuiz],
  );
  const someoneSavedSince = current.latestRevision > base.revision && !conflict && !restoreOffer;
  return (
    <FormProvider {...form}>
      <CommentsProvider slug={filmSlug} revision={base.revision} userLabel={initial.userLabel}>
        <FormWatcher baseline={baseline} onDirtyChange={setDirty} onChange={autosave.schedule} />
        <div className={styles.editor}>
          <header className={styles.head}>
            <div>
              <p className={styles.crumbs}>
                <Link href="/editor">Films</Link> / editing · <HistoryLink slug={filmSlug} />
                {initial.translations.map(({ locale, language }) => (
                  <Fragment key={locale}>
                    {' · '}
                    <Link href={`/editor/films/${filmSlug}/translations/${locale}`} hrefLang={locale}>
                      {language} translation
                    </Link>
                  </Fragment>
                ))}
              </p>
              <h1 className={styles.title}>
                <WatchedTitle />
              </h1>
            </div>
            <div className={styles.headLinks}>
              <ExportLinks slug={filmSlug} />
              {current.publishedRevision ? (
                <a href={filmPath(current.slug)} target="_blank" rel="noopener">
                  View on the site<span className="visually-hidden"> (opens in a new tab)</span> ↗
                </a>
              ) : null}
            </div>
          </header>

          <PresenceBar slug={filmSlug} />

          {restoreOffer ? (
            <RestoreBanner
              savedAt={restoreOffer.savedAt}
              baseRevision={restoreOffer.baseRevision}
              latestRevision={base.revision}
              onRestore={restoreUnsaved}
              onDiscard={discardUnsaved}
            />
          ) : null}

          {conflict ? (
            <ConflictPanel
              conflict={conflict}
              userLabel={initial.userLabel}
              busy={saving.saving}
              onSaveMerged={saveMerged}
              onReloadTheirs={reloadTheirs}
              onReplaceTheirs={keepMine}
            />
          ) : null}

          {someoneSavedSince ? <NewerRevisionBanner current={current} baseRevision={base.revision} userLabel={initial.userLabel} /> : null}

          <ActionBar
            status={current}
            baseRevision={base.revision}
            dirty={dirty}
            autosave={autosave.state}
            earlierChanges={restoreOffer !== null}
            message={message}
            onMessageChange={setMessage}
            saving={saving.saving}
            publishing={publishing.busy}
            onPublish={() => requestPublish()}
            onUnpublish={() => publishing.unpublish(filmSlug)}
            preview={<PreviewMenu slug={filmSlug} dirty={dirty} flushAutosave={flushAutosave} />}
            schedule={
              initial.canPublish ? (
                <button
                  type="button"
                  className={`${ui.button} ${ui.ghost}`}
                  aria-expanded={scheduleOpen}
                  aria-disabled={dirty}
                  aria-describedby={dirty ? 'publish-hint' : undefined}
                  onClick={() => !dirty && setScheduleOpen((open) => !open)}
                >
                  Schedule…
                </button>
              ) : null
            }
            canPublish={initial.canPublish}
            review={review}
            beforeSubmitForReview={(open) => {
              const warnings = openLintWarnings();
              if (warnings.length === 0) return open();
              setLintGoesOn({ action: 'Submit', run: open });
              setLintCheck(warnings);
            }}
            onSubmitForReview={async (note) => {
              const result = await submitForReviewAction({ slug: filmSlug, revision: base.revision, note });
              if (!result.ok) {
                notify({ tone: 'error', text: describeFailure(new ActionFailure(result.status, result.error), 'submit for review') });
                return false;
              }
              setReview((previous) => ({
                ...(previous ?? {
                  id: result.data.id,
                  slug: filmSlug,
                  title: '',
                  locale: null,
                  note,
                  decisionComment: '',
                  submittedBy: initial.userLabel,
                  decidedBy: null,
                  decidedAt: null,
                  publishedRevision: current.publishedRevision,
                  latestRevision: base.revision,
                }),
                id: result.data.id,
                revision: result.data.revision,
                state: 'pending',
                decisionComment: '',
                createdAt: new Date().toISOString(),
              }));
              notify({ tone: 'success', text: `Submitted revision ${result.data.revision} for review.` });
              return true;
            }}
          />
          <SchedulePanel
            filmId={initial.filmId}
            slug={filmSlug}
            revision={base.revision}
            isPublished={current.publishedRevision !== null}
            open={scheduleOpen && !dirty}
            canCancel={initial.canPublish}
            onClose={() => setScheduleOpen(false)}
            notify={notify}
          />

          <ReaderViewSummary />
          <div className={styles.storyLevels}>
            <SpoilerLintPanel
              onRaise={raiseLevel}
              onShowText={showText}
              slug={filmSlug}
              revision={base.revision}
              dismissals={lintDismissals}
              onDismissed={(dismissal) => setLintDismissals((before) => [...before.filter((d) => d.key !== dismissal.key), dismissal])}
            />
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setSuggesting(structuredClone(form.getValues()))}>
              Suggest levels
            </button>
          </div>
          <SuggestLevelsDialog content={suggesting} busy={saving.saving} onAccept={acceptLevels} onClose={() => setSuggesting(null)} />
          <SpoilerLintDialog
            warnings={lintCheck}
            revision={base.revision}
            action={lintGoesOn?.action}
            onPublish={() => {
              setLintCheck(null);
              lintGoesOn?.run();
            }}
            onReview={() => {
              setLintCheck(null);
              document.querySelector<HTMLDetailsElement>('details[aria-label="Spoiler lint"]')?.setAttribute('open', '');
            }}
            onCancel={() => setLintCheck(null)}
          />
          <PublishCheckDialog
            views={publishCheck}
            emptyParts={emptyParts(base.content)}
            revision={base.revision}
            onPublish={() => {
              setPublishCheck(null);
              publishing.publish(filmSlug, base.revision);
            }}
            onReview={(section) => {
              setPublishCheck(null);
              jumpTo(section);
            }}
            onCancel={() => setPublishCheck(null)}
          />

          <div className={styles.layout}>
            <SectionNav errors={sectionErrors} onJump={jumpTo} />
            <form
              id="film-form"
              className={styles.form}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                requestSave();
              }}
              onKeyDown={(event) => {
                // Enter in a one-line field must not save the whole page by accident.
                const target = event.target as HTMLElement;
                if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'submit') event.preventDefault();
              }}
            >
              {PAGE_PARTS.map(({ id }) => {
                const PartSection = EDITOR_PART_SECTIONS[id];
                return (
                  <PartSection
                    key={id}
                    open={openSections[id]}
                    onToggle={toggleSection}
                    errorCount={sectionErrors[id]}
                    editor={editorContext}
                  />
                );
              })}
            </form>
          </div>
          <CommentsPanel />
        </div>
      </CommentsProvider>
    </FormProvider>
  );
}
