'use client';

import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, useTransition, type DragEvent, type MouseEvent } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { FieldError } from '@/lib/content/schema';
import { countWords, plural } from '@/lib/content/derive';
import { countReaderView, describeContents, describeLevelView } from '@/lib/spoilers/level-counts';
import type { ImportLevels } from '@/lib/films/film-schema';
import { storyItemsOf, withSuggestedLevels } from '@/lib/story-position';
import { importText, MAX_PAGE_CHARS, withoutQuizFor, type PageWarning } from '@/lib/import';
import { checkImportSlugAction, importFilmAction } from '@/lib/import/import-actions';
import type { SlugTakenDetails } from '@/lib/import/import-film';
import { SPOILER_LABELS, SPOILER_LEVELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import { visibleFilm } from '@/lib/spoilers/visible-film';
import { FilmPage } from '@/components/reader/film-page';
import { useLeaveGuard } from '@/components/editor/film-form/use-leave-guard';
import ui from '@/components/editor/ui.module.css';
import pageStyles from '@/components/admin/admin.module.css';
import styles from './import-view.module.css';

const LEAVE_MESSAGE = 'The page you pasted has not been imported yet. Leave anyway?';
const PREVIEW_LINK = '#preview-level-';

/** Start and end offsets of line `n` (1-based, counted as the parser counts: CRLF, CR or LF). */
function lineRange(text: string, n: number): [number, number] | null {
  const breaks = /\r\n|\r|\n/gu;
  let start = 0;
  for (let line = 1; line < n; line++) {
    const match = breaks.exec(text);
    if (!match) return null;
    start = match.index + match[0].length;
  }
  breaks.lastIndex = start;
  const end = breaks.exec(text)?.index ?? text.length;
  return [start, end];
}

/**
 * Import a page: paste it or choose a file, see at once what the importer makes of it (the same
 * parser as the server, and the reader's own page component as the preview), then create the
 * draft in one step. The server parses the text again and is the authority.
 */
export function ImportView({ mayEditQuiz }: { mayEditQuiz: boolean }) {
  const router = useRouter();
  const ids = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const slugInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [slugOverride, setSlugOverride] = useState<string | null>(null);
  const [level, setLevel] = useState<SpoilerLevel>('full');
  const [levels, setLevels] = useState<ImportLevels>('page');
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [slugTakenBy, setSlugTakenBy] = useState<SlugTakenDetails['existing'] | null>(null);
  const [created, setCreated] = useState(false);
  // Counts the user's changes to the page or the address: a refusal that arrives after a change
  // answers what is no longer on screen, so it is not shown (the address check speaks instead).
  const edits = useRef(0);
  const [pending, startTransition] = useTransition();

  // Parsing a long page on every keystroke would make typing lag; the preview may trail a little.
  const pageText = useDeferredValue(text);
  const parsed = useMemo(() => (pageText.trim() === '' ? null : importText(pageText)), [pageText]);
  const prepared = useMemo(() => (parsed?.ok ? withoutQuizFor(mayEditQuiz, parsed) : null), [parsed, mayEditQuiz]);
  // What the draft will hold: the page's own levels, or every item at its suggested level (the
  // same function the server applies), so the preview at each level shows the page as it will be.
  const suggestedContent = useMemo(
    () => (prepared && levels === 'suggested' ? withSuggestedLevels(prepared.content) : null),
    [prepared, levels],
  );
  const draftContent = suggestedContent ?? prepared?.content ?? null;
  const unmarked = useMemo(() => (prepared ? storyItemsOf(prepared.content).every((item) => item.level === 'full') : false), [prepared]);
  const slug = slugOverride ?? prepared?.content.slug ?? '';
  const tooLarge = text.length > MAX_PAGE_CHARS;
  // Whether the address is free, asked as soon as the page is read and after each change to it.
  const [slugCheck, setSlugCheck] = useState<{ slug: string; taken: SlugTakenDetails['existing'] | null; free: string | null } | null>(
    null,
  );
  useEffect(() => {
    if (!slug.trim()) return;
    let current = true;
    const timer = setTimeout(async () => {
      const result = await checkImportSlugAction({ slug });
      if (current && result.ok) setSlugCheck(result.data);
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [slug]);
  const takenNow = slugCheck && slugCheck.slug === slug.trim() && slugCheck.taken ? slugCheck : null;

  useLeaveGuard(text.trim() !== '' && !created, LEAVE_MESSAGE);

  function replaceText(next: string, name: string | null) {
    edits.current += 1;
    setText(next);
    setFileName(name);
    setSlugOverride(null);
    setServerErrors([]);
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    replaceText(await file.text(), file.name);
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    void readFile(event.dataTransfer.files[0]);
  }

  function showLine(line: number) {
    const range = lineRange(text, line);
    const area = textArea.current;
    if (!range || !area) return;
    area.focus();
    area.setSelectionRange(range[0], range[1]);
    // Scroll the selected line into view: browsers do not always do it for a programmatic selection.
    const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }

  // The preview's level links (the reader's own spoiler control) switch the preview in place.
  function onPreviewClick(event: MouseEvent<HTMLDivElement>) {
    const href = (event.target as Element).closest('a')?.getAttribute('href') ?? '';
    if (!href.startsWith(PREVIEW_LINK)) return;
    event.preventDefault();
    setLevel(href.slice(PREVIEW_LINK.length) as SpoilerLevel);
  }

  function create() {
    if (!prepared) return;
    setServerErrors([]);
    setSlugTakenBy(null);
    const sentAfter = edits.current;
    startTransition(async () => {
      const result = await importFilmAction({ text, slug: slug !== prepared.content.slug ? slug : undefined, levels });
      if (!result.ok) {
        if (edits.current !== sentAfter) return;
        // 409: the address is taken; the field says by which film, with a link to it.
        const taken = result.status === 409 ? (result.details as SlugTakenDetails | undefined) : undefined;
        if (taken?.field === 'slug') {
          setSlugTakenBy(taken.existing);
          setSlugCheck({ slug, taken: taken.existing, free: taken.free ?? null });
        }
        setServerErrors(taken ? [{ path: 'slug', message: result.error }] : (result.errors ?? [{ path: '(page)', message: result.error }]));
        if (result.errors?.some((e) => e.path === 'slug')) slugInput.current?.focus();
        return;
      }
      setCreated(true);
      router.push(`/editor/films/${result.data.slug}`);
    });
  }

  const slugError = serverErrors.find((e) => e.path === 'slug');

  return (
    <section className={styles.page}>
      <header className={pageStyles.header}>
        <div>
          <h1>Import a page</h1>
          <p className={pageStyles.lead}>
            Paste a film page in the page format (the one the text export writes) or a JSON export, or choose a file. You see what will be
            imported before anything is saved; it becomes a new draft, never published by itself. Spoiler levels that the page does not mark
            are set to full spoilers, unless you choose the levels suggested from the page’s own story.
          </p>
        </div>
      </header>

      <div className={styles.columns}>
        <div className={styles.input}>
          <div className={styles.source}>
            <label htmlFor={`${ids}-text`} className={ui.label}>
              Page text
            </label>
            <label className={`${ui.button} ${ui.small} ${styles.file}`}>
              Choose a file…
              <input
                type="file"
                className="visually-hidden"
                accept=".txt,.json,text/plain,application/json"
                onChange={(event) => {
                  void readFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </label>
          </div>
          <textarea
            id={`${ids}-text`}
            ref={textArea}
            className={`${ui.input} ${styles.text}`}
            value={text}
            onChange={(event) => replaceText(event.target.value, null)}
            onDrop={onDrop}
            spellCheck={false}
            rows={18}
            placeholder={'What Is {Title} About?\n…\n\nPaste the page here, or drop a file.'}
            aria-describedby={`${ids}-text-hint`}
          />
          <p id={`${ids}-text-hint`} className={ui.hint}>
            {fileName ? `From ${fileName} · ` : ''}
            {text.length.toLocaleString('en')} characters
            {tooLarge ? ` · too large (at most ${MAX_PAGE_CHARS.toLocaleString('en')})` : ''}
          </p>
        </div>

        <div className={styles.result} aria-live="polite">
          {parsed === null ? (
            <p className={styles.empty}>The parsed page appears here.</p>
          ) : !parsed.ok ? (
            <div className={styles.errors} role="alert">
              <h2>This cannot be imported</h2>
              <ProblemList
                problems={parsed.errors.map((e) => ({ line: e.line ?? 0, message: e.path ? `${e.path}: ${e.message}` : e.message }))}
                onLine={showLine}
              />
            </div>
          ) : (
            <>
              <h2 className={styles.title}>{prepared!.content.title}</h2>
              <p className={styles.facts}>
                {parsed.format === 'json' ? 'JSON export · ' : ''}
                {[`${plural(countWords(prepared!.content.story), 'word')} of story`, ...describeContents(prepared!.content)].join(' · ')}
              </p>
              <div className={styles.warnings}>
                <h3>
                  {prepared!.warnings.length === 0
                    ? 'No warnings: everything on the page was placed.'
                    : plural(prepared!.warnings.length, 'warning')}
                </h3>
                {prepared!.warnings.length > 0 ? <ProblemList problems={prepared!.warnings} onLine={showLine} /> : null}
              </div>
              <fieldset className={styles.levels}>
                <legend className={ui.label}>Spoiler levels</legend>
                <label>
                  <input type="radio" name={`${ids}-levels`} value="page" checked={levels === 'page'} onChange={() => setLevels('page')} />{' '}
                  As the page marks them (items without a marker at full spoilers)
                </label>
                <label>
                  <input
                    type="radio"
                    name={`${ids}-levels`}
                    value="suggested"
                    checked={levels === 'suggested'}
                    onChange={() => setLevels('suggested')}
                  />{' '}
                  Suggested from the page’s own story (the premise is spoiler-free; the timeline says when each thing is revealed)
                </label>
                <p className={ui.hint}>
                  {unmarked && levels === 'page'
                    ? 'This page marks no spoiler levels: every item would be at full, and a no-spoiler reader would see the premise only. '
                    : ''}
                  {levels === 'suggested'
                    ? 'You can review each suggestion and its reason in the editor afterwards (Suggest levels). '
                    : ''}
                  {describeLevelView(countReaderView(draftContent!, 'none'))}
                </p>
              </fieldset>
              <div className={styles.create}>
                <div>
                  <label htmlFor={`${ids}-slug`} className={ui.label}>
                    Address
                  </label>
                  <span className={styles.slug}>
                    /films/
                    <input
                      id={`${ids}-slug`}
                      ref={slugInput}
                      className={ui.input}
                      value={slug}
                      onChange={(event) => {
                        edits.current += 1;
                        setSlugOverride(event.target.value);
                      }}
                      aria-invalid={slugError || takenNow ? true : undefined}
                      aria-describedby={slugError ? `${ids}-slug-error` : takenNow ? `${ids}-slug-taken` : undefined}
                    />
                  </span>
                  {takenNow && !slugError ? (
                    <p id={`${ids}-slug-taken`} className={ui.error} role="status">
                      Another film already uses the address “{takenNow.slug}”: “{takenNow.taken!.title}”.{' '}
                      <Link href={takenNow.taken!.editorUrl}>Open “{takenNow.taken!.title}” in the editor</Link>
                    </p>
                  ) : null}
                  {takenNow?.free ? (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small}`}
                      onClick={() => {
                        edits.current += 1;
                        setSlugOverride(takenNow.free);
                        setServerErrors([]);
                      }}
                    >
                      Use /films/{takenNow.free}
                    </button>
                  ) : null}
                  {slugError ? (
                    <p id={`${ids}-slug-error`} className={ui.error}>
                      {slugError.message}
                      {slugTakenBy ? (
                        <>
                          {' '}
                          <Link href={slugTakenBy.editorUrl}>Open “{slugTakenBy.title}” in the editor</Link>
                        </>
                      ) : null}
                    </p>
                  ) : null}
                </div>
                <button type="button" className={`${ui.button} ${ui.primary}`} onClick={create} disabled={pending || tooLarge}>
                  {pending ? 'Creating…' : 'Create draft'}
                </button>
              </div>
              {serverErrors.length > 0 && !slugError ? (
                <div className={styles.errors} role="alert">
                  <h3>The draft was not created</h3>
                  <ProblemList
                    problems={serverErrors.map((e) => {
                      const line = /^line (\d+)$/u.exec(e.path)?.[1];
                      return line ? { line: Number(line), message: e.message } : { line: 0, message: `${e.path}: ${e.message}` };
                    })}
                    onLine={showLine}
                  />
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>

      {prepared ? (
        <div className={styles.preview} role="region" aria-label="Preview of the imported page" onClick={onPreviewClick}>
          <div className={styles.previewBar}>
            <strong>Preview</strong> as the reader page will show it{levels === 'suggested' ? ' with the suggested levels' : ''}, to a
            reader who chose:
            {SPOILER_LEVELS.map((option) => (
              <button
                key={option}
                type="button"
                className={`${ui.button} ${ui.small} ${option === level ? ui.primary : ''}`}
                aria-pressed={option === level}
                onClick={() => setLevel(option)}
              >
                {SPOILER_LABELS[option]}
              </button>
            ))}
          </div>
          <FilmPage
            film={visibleFilm(draftContent!, level)}
            hrefForLevel={(option) => `${PREVIEW_LINK}${option}`}
            quizHref={null}
            inBrowserPreview
          />
        </div>
      ) : null}
    </section>
  );
}

function ProblemList({ problems, onLine }: { problems: Pick<PageWarning, 'line' | 'message'>[]; onLine: (line: number) => void }) {
  return (
    <ul className={styles.problems}>
      {problems.map((problem, index) => (
        <li key={index}>
          {problem.line > 0 ? (
            <button type="button" className={styles.line} onClick={() => onLine(problem.line)} title="Show this line in the text">
              Line {problem.line}
            </button>
          ) : null}{' '}
          {problem.message}
        </li>
      ))}
    </ul>
  );
}
