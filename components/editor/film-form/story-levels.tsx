'use client';

import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { plural } from '@/lib/content/derive';
import { lintFilmSpoilers, suggestFilmLevels, type LevelSuggestion, type SpoilerWarning } from '@/lib/story-position';
import { SPOILER_LABELS, SPOILER_LEVELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import { isEditedInFilmEditor } from '@/lib/page/parts';
import ui from '../ui.module.css';
import styles from './story-levels.module.css';
import dialogStyles from '../dialog.module.css';

/**
 * Spoiler levels by story position in the workspace (docs/spoiler-suggestions.md): "Suggest
 * levels" (each item's suggested level with its reason; nothing changes until the editor accepts,
 * and accepting saves a revision) and the spoiler lint of the form as it is now, whose warnings
 * raise a level in one click or show the text. The same pure functions as the API and the import.
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
}: {
  warning: SpoilerWarning;
  onRaise: (change: LevelChange) => void;
  onShowText: (warning: SpoilerWarning) => void;
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
    </span>
  );
}

function WarningList({
  warnings,
  onRaise,
  onShowText,
}: {
  warnings: SpoilerWarning[];
  onRaise: (change: LevelChange) => void;
  onShowText: (warning: SpoilerWarning) => void;
}) {
  return (
    <ul className={styles.warnings}>
      {warnings.map((warning) => (
        <li key={`${warning.field}:${warning.check}`} data-path={warning.path}>
          <span>
            <strong>{warning.label}</strong>: {warning.message}
            {warning.fix === 'reword' ? ' Every reader sees this text: reword it.' : ''}
          </span>
          <WarningActions warning={warning} onRaise={onRaise} onShowText={onShowText} />
        </li>
      ))}
    </ul>
  );
}

/** The lint of the form under the action bar: a count, opening to the warnings with their one-click fixes. Inside the form's provider. */
export function SpoilerLintPanel({
  onRaise,
  onShowText,
}: {
  onRaise: (change: LevelChange) => void;
  onShowText: (warning: SpoilerWarning) => void;
}) {
  const warnings = useSpoilerLint();
  return (
    <details className={styles.lint} aria-label="Spoiler lint">
      <summary>
        <span className={styles.what}>Spoiler lint:</span>{' '}
        {warnings.length === 0 ? 'no warnings' : <span className={styles.warning}>{plural(warnings.length, 'warning')}</span>}
      </summary>
      {warnings.length === 0 ? (
        <p className={ui.hint}>
          No item names something that only a higher level reveals, and no text every reader sees gives the story away.
        </p>
      ) : (
        <WarningList warnings={warnings} onRaise={onRaise} onShowText={onShowText} />
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
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (warnings && !element.open) element.showModal();
    if (!warnings && element.open) element.close();
  }, [warnings]);
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

/**
 * "Suggest levels": the suggestions for the form as it was when opened, each with its reason. The
 * editor accepts all, accepts one, or picks another level for one; each acceptance is a save.
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
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (content && !element.open) element.showModal();
    if (!content && element.open) element.close();
  }, [content]);

  const suggestions = useMemo(() => (content ? suggestFilmLevels(content).filter((s) => inWorkspace(s.path)) : []), [content]);
  // What has been accepted since the dialog opened: those rows show their new level.
  const [accepted, setAccepted] = useState<Record<string, SpoilerLevel>>({});
  const [chosen, setChosen] = useState<Record<string, SpoilerLevel>>({});
  const [showAgreeing, setShowAgreeing] = useState(false);
  // A new opening starts afresh (adjusting state on change, not in an effect).
  const [openedWith, setOpenedWith] = useState(content);
  if (openedWith !== content) {
    setOpenedWith(content);
    setAccepted({});
    setChosen({});
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
          className={`${ui.button} ${ui.primary}`}
          disabled={busy || differing.length === 0}
          onClick={() =>
            void accept(
              differing.map((s) => ({ path: s.path, level: s.suggested })),
              `Accepted ${plural(differing.length, 'suggested spoiler level')}`,
            )
          }
        >
          Accept all ({differing.length})
        </button>
      </div>
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
