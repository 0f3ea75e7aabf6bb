'use client';

import { useDeferredValue, useMemo, useState } from 'react';
import { useModalDialog } from '../confirm-dialog';
import { useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { plural } from '@/lib/content/derive';
import {
  lintFilmSpoilers,
  lintWarningKey,
  openWarnings,
  suggestFilmLevels,
  type LevelSuggestion,
  type SpoilerWarning,
} from '@/lib/story-position';
import type { LintDismissal } from '@/lib/story-position/lint-dismissals';
import { dismissLintWarningAction } from '@/lib/story-position/lint-actions';
import { levelRank } from '@/lib/spoilers/levels';
import { SPOILER_LABELS, SPOILER_LEVELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import { isEditedInFilmEditor } from '@/lib/page/parts';
import ui from '../ui.module.css';
import styles from './story-levels.module.css';
import dialogStyles from '../dialog.module.css';

/**
 * Spoiler levels by story position in the workspace (docs/spoiler-suggestions.md): "Suggest
 * levels" (each item's suggested level with its reason; nothing changes until the editor accepts,
 * and accepting saves a revision) and the spoiler lint of the form as it is now, whose warnings
 * raise a level in one click, show the text, or are dismissed for the item (remembered for the film from
 * that revision on). The same pure functions as the API and the import.
 */

export type LevelChange = { path: string; level: SpoilerLevel };

/** Parts edited elsewhere (the quiz, on its own page, by admins): the workspace leaves them out. */
const inWorkspace = isEditedInFilmEditor;

// ------------------------------------------------------------------ the lint

/** The lint's warnings on the form as it is now (deferred: linting need not hold typing up). */
function useSpoilerLint(): SpoilerWarning[] {
  const values = useWatch<FilmContent>() as FilmContent;
  const deferred = useDeferredValue(values);
  return useMemo(() => lintFilmSpoilers(deferred).filter((w) => inWorkspace(w.path)), [deferred]);
}

function WarningActions({
  warning,
  onRaise,
  onShowText,
  onDismiss,
}: {
  warning: SpoilerWarning;
  onRaise: (change: LevelChange) => void;
  onShowText: (warning: SpoilerWarning) => void;
  onDismiss?: (warning: SpoilerWarning) => void;
}) {
  return (
    <span className={styles.actions}>
      {warning.fix === 'raise' ? (
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => onRaise({ path: warning.path, level: warning.level })}>
          Raise to {SPOILER_LABELS[warning.level]}
        </button>
      ) : null}
      <button type="button" className={`${ui.button} ${ui.small} ${ui.ghost}`} onClick={() => onShowText(warning)}>
        Show the text
      </button>
      {onDismiss ? (
        <button
          type="button"
          className={`${ui.button} ${ui.small} ${ui.ghost}`}
          aria-label={`Dismiss the warning on ${warning.label}`}
          onClick={() => onDismiss(warning)}
        >
          Dismiss
        </button>
      ) : null}
    </span>
  );
}

/** The words that triggered a warning and what reveals them: the lint speaks as advice, with its evidence. */
function WarningEvidence({ warning }: { warning: SpoilerWarning }) {
  if (warning.check === 'timeline-order') return null;
  return (
    <span className={styles.evidence}>
      {' '}
      Words: <q data-testid="lint-phrase">{warning.phrase}</q>
      {warning.revealedBy ? (
        <>
          {' '}
          · revealed by <span data-testid="lint-revealed-by">{warning.revealedBy}</span>
        </>
      ) : null}
    </span>
  );
}

function WarningList({
  warnings,
  onRaise,
  onShowText,
  onDismiss,
}: {
  warnings: SpoilerWarning[];
  onRaise: (change: LevelChange) => void;
  onShowText: (warning: SpoilerWarning) => void;
  onDismiss?: (warning: SpoilerWarning) => void;
}) {
  return (
    <ul className={styles.warnings}>
      {warnings.map((warning) => (
        <li key={`${warning.field}:${warning.check}`} data-path={warning.path}>
          <span>
            <strong>{warning.label}</strong>: {warning.message}
            {warning.fix === 'reword' ? ' Every reader sees this text: reword it.' : ''}
            <WarningEvidence warning={warning} />
          </span>
          <WarningActions warning={warning} onRaise={onRaise} onShowText={onShowText} onDismiss={onDismiss} />
        </li>
      ))}
    </ul>
  );
}

/** The lint of the form under the action bar: a count, opening to the warnings with their one-click fixes. Inside the form's provider. */
export function SpoilerLintPanel({
  onRaise,
  onShowText,
  slug,
  revision,
  dismissals,
  onDismissed,
}: {
  onRaise: (change: LevelChange) => void;
  onShowText: (warning: SpoilerWarning) => void;
  slug: string;
  /** The revision the form builds on: a dismissal holds from it. */
  revision: number;
  dismissals: LintDismissal[];
  onDismissed: (dismissal: LintDismissal) => void;
}) {
  const all = useSpoilerLint();
  const warnings = openWarnings(all, dismissals, revision);
  const [error, setError] = useState<string | null>(null);
  async function dismiss(warning: SpoilerWarning) {
    setError(null);
    const result = await dismissLintWarningAction({
      slug,
      revision,
      key: lintWarningKey(warning),
      label: warning.label,
      phrase: warning.phrase,
    });
    if (result.ok) onDismissed(result.data);
    else setError(result.error);
  }
  const dismissedCount = all.length - warnings.length;
  return (
    <details className={styles.lint} aria-label="Spoiler lint">
      <summary>
        <span className={styles.what}>Spoiler lint:</span>{' '}
        {warnings.length === 0 ? 'no warnings' : <span className={styles.warning}>{plural(warnings.length, 'warning')}</span>}
        {dismissedCount > 0 ? ` (${dismissedCount} dismissed)` : ''}
      </summary>
      {error ? (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      ) : null}
      {warnings.length === 0 ? (
        <p className={ui.hint}>
          No item names something that only a higher level reveals, and no text every reader sees gives the story away.
        </p>
      ) : (
        <WarningList warnings={warnings} onRaise={onRaise} onShowText={onShowText} onDismiss={(w) => void dismiss(w)} />
      )}
    </details>
  );
}

/**
 * Asked before publishing a revision with open lint warnings, and before a writer submits one for
 * review: go on anyway (`action`: "Publish", "Submit"), or review them.
 */
export function SpoilerLintDialog({
  warnings,
  revision,
  action = 'Publish',
  onPublish,
  onReview,
  onCancel,
}: {
  /** The warnings of the revision to publish; null: the dialog is closed. */
  warnings: SpoilerWarning[] | null;
  revision: number;
  /** What going on does: publishing (an editor) or submitting for review (a writer). */
  action?: 'Publish' | 'Submit';
  onPublish: () => void;
  onReview: () => void;
  onCancel: () => void;
}) {
  const dialog = useModalDialog(warnings !== null);
  return (
    <dialog ref={dialog} className={dialogStyles.dialog} aria-labelledby="lint-check-title" onClose={onCancel}>
      <h2 id="lint-check-title" className={dialogStyles.title}>
        {warnings ? plural(warnings.length, 'spoiler warning') : 'Spoiler warnings'} on revision {revision}
      </h2>
      <p className={ui.hint}>Readers below the level a text calls for may see what it gives away.</p>
      {warnings ? (
        <ul className={styles.warnings}>
          {warnings.slice(0, 8).map((w) => (
            <li key={`${w.field}:${w.check}`}>
              <span>
                <strong>{w.label}</strong>: {w.message}
                <WarningEvidence warning={w} />
              </span>
            </li>
          ))}
          {warnings.length > 8 ? <li>and {warnings.length - 8} more</li> : null}
        </ul>
      ) : null}
      <div className={dialogStyles.actions}>
        <button type="button" className={ui.button} onClick={onReview}>
          Review the warnings
        </button>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onPublish}>
          {action} revision {revision} anyway
        </button>
      </div>
    </dialog>
  );
}

// ------------------------------------------------------------------ suggestions

const LOWER_LEVELS = SPOILER_LEVELS.filter((level) => level !== 'full');

/**
 * What accepting every suggestion would do to each reader, before it is done: at each level below
 * full, how many items a reader sees now and after, and which ones appear or disappear. A bulk
 * change never lowers what a reader sees unseen.
 */
function AcceptAllPreview({
  suggestions,
  levelOf,
  busy,
  onApply,
  onCancel,
}: {
  suggestions: LevelSuggestion[];
  levelOf: (s: LevelSuggestion) => SpoilerLevel;
  busy: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const seenAt = (level: SpoilerLevel, of: (s: LevelSuggestion) => SpoilerLevel) =>
    suggestions.filter((s) => levelRank(of(s)) <= levelRank(level));
  return (
    <section className={styles.preview} aria-labelledby="accept-all-preview-title">
      <h3 id="accept-all-preview-title">What readers would see after accepting all</h3>
      <table className={styles.suggestions}>
        <thead>
          <tr>
            <th scope="col">Reader</th>
            <th scope="col">Items now</th>
            <th scope="col">After</th>
            <th scope="col">No longer shown</th>
            <th scope="col">Newly shown</th>
          </tr>
        </thead>
        <tbody>
          {LOWER_LEVELS.map((level) => {
            const now = seenAt(level, levelOf);
            const after = seenAt(level, (s) => s.suggested);
            const hidden = now.filter((s) => !after.includes(s));
            const shown = after.filter((s) => !now.includes(s));
            return (
              <tr key={level} data-level={level}>
                <th scope="row">{SPOILER_LABELS[level]}</th>
                <td>{now.length}</td>
                <td>{after.length}</td>
                <td>{hidden.length === 0 ? '—' : hidden.map((s) => s.label).join(', ')}</td>
                <td>{shown.length === 0 ? '—' : shown.map((s) => s.label).join(', ')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className={dialogStyles.actions}>
        <button type="button" className={ui.button} onClick={onCancel}>
          Keep the levels
        </button>
        <button type="button" className={`${ui.button} ${ui.primary}`} disabled={busy} onClick={onApply}>
          Apply all
        </button>
      </div>
    </section>
  );
}

/**
 * "Suggest levels": the suggestions for the form as it was when opened, each with its reason. The
 * editor accepts one, picks another level for one, or previews accepting all (what a reader at each
 * level would see) and then applies it; each acceptance is a save.
 */
export function SuggestLevelsDialog({
  content,
  busy,
  onAccept,
  onClose,
}: {
  /** The form when the dialog was opened; null: closed. */
  content: FilmContent | null;
  busy: boolean;
  onAccept: (changes: LevelChange[], message: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const dialog = useModalDialog(content !== null);

  const suggestions = useMemo(() => (content ? suggestFilmLevels(content).filter((s) => inWorkspace(s.path)) : []), [content]);
  // What has been accepted since the dialog opened: those rows show their new level.
  const [accepted, setAccepted] = useState<Record<string, SpoilerLevel>>({});
  const [chosen, setChosen] = useState<Record<string, SpoilerLevel>>({});
  const [showAgreeing, setShowAgreeing] = useState(false);
  const [preview, setPreview] = useState(false);
  // A new opening starts afresh (adjusting state on change, not in an effect).
  const [openedWith, setOpenedWith] = useState(content);
  if (openedWith !== content) {
    setOpenedWith(content);
    setAccepted({});
    setChosen({});
    setPreview(false);
  }

  const levelOf = (s: LevelSuggestion) => accepted[s.path] ?? s.current;
  const differing = suggestions.filter((s) => levelOf(s) !== s.suggested);
  const rows = showAgreeing ? suggestions : suggestions.filter((s) => s.current !== s.suggested);

  async function accept(changes: LevelChange[], message: string) {
    if (changes.length === 0) return;
    if (await onAccept(changes, message))
      setAccepted((before) => ({ ...before, ...Object.fromEntries(changes.map((c) => [c.path, c.level])) }));
  }

  return (
    <dialog ref={dialog} className={`${dialogStyles.dialog} ${dialogStyles.wide}`} aria-labelledby="suggest-levels-title" onClose={onClose}>
      <h2 id="suggest-levels-title" className={dialogStyles.title}>
        Suggested spoiler levels
      </h2>
      <p className={ui.hint}>
        From the page itself: the premise is spoiler-free, the timeline and the story say when each thing is first revealed, and the ending
        is full. Nothing changes until you accept; each acceptance saves a revision. {plural(differing.length, 'item')} differ from the
        suggestion
        {suggestions.length > differing.length ? `, ${suggestions.length - differing.length} agree` : ''}.
      </p>
      <div className={dialogStyles.actions}>
        <label className={styles.toggle}>
          <input type="checkbox" checked={showAgreeing} onChange={(event) => setShowAgreeing(event.target.checked)} /> Show the items that
          agree
        </label>
        <button
          type="button"
          className={ui.button}
          disabled={busy || differing.length === 0}
          aria-expanded={preview}
          onClick={() => setPreview((open) => !open)}
        >
          Preview accepting all ({differing.length})
        </button>
      </div>
      {preview && differing.length > 0 ? (
        <AcceptAllPreview
          suggestions={suggestions}
          levelOf={levelOf}
          busy={busy}
          onApply={() =>
            void accept(
              differing.map((s) => ({ path: s.path, level: s.suggested })),
              `Accepted ${plural(differing.length, 'suggested spoiler level')}`,
            ).then(() => setPreview(false))
          }
          onCancel={() => setPreview(false)}
        />
      ) : null}
      <table className={styles.suggestions}>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Now</th>
            <th scope="col">Suggested</th>
            <th scope="col">Why</th>
            <th scope="col">
              <span className="visually-hidden">Accept</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => {
            const now = levelOf(s);
            const pick = chosen[s.path] ?? s.suggested;
            return (
              <tr key={s.path} data-path={s.path}>
                <th scope="row">{s.label}</th>
                <td>{SPOILER_LABELS[now]}</td>
                <td>
                  <select
                    className={ui.input}
                    aria-label={`Level for ${s.label}`}
                    value={pick}
                    onChange={(event) => setChosen((before) => ({ ...before, [s.path]: event.target.value as SpoilerLevel }))}
                  >
                    {SPOILER_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {SPOILER_LABELS[level]}
                        {level === s.suggested ? ' (suggested)' : ''}
                      </option>
                    ))}
                  </select>
                </td>
                <td className={styles.reason}>{s.reason}</td>
                <td>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    disabled={busy || pick === now}
                    aria-label={`${pick === s.suggested ? 'Accept' : 'Set'} ${SPOILER_LABELS[pick]} for ${s.label}`}
                    onClick={() =>
                      void accept(
                        [{ path: s.path, level: pick }],
                        `${pick === s.suggested ? 'Accepted the suggested' : 'Set the'} spoiler level of ${s.label}: ${SPOILER_LABELS[pick]}`,
                      )
                    }
                  >
                    {pick === now ? 'Done' : pick === s.suggested ? 'Accept' : 'Set'}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className={dialogStyles.actions}>
        <button type="button" className={ui.button} onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
