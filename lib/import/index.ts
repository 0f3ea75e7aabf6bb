import { fieldErrors, filmContentSchema, type FieldError, type FilmContent } from '../content/schema';
import { PageFormatError, parsePage, type PageWarning } from '../page-format';
import { z } from 'zod';
import { localeTagSchema } from '../i18n/locale-tag';
import { checkTranslationTexts } from '../translations/translation-units';

export { PageFormatError, parsePage, type PageWarning, type PageWarningKind, type ParsedPage } from '../page-format';

export type ImportFormat = 'text' | 'json';

/** A problem that stops an import: a page line (text) or a field path (JSON). */
export type ImportError = { message: string; line?: number; path?: string };

/** A page is a few dozen kilobytes; anything far larger is a mistake (and server actions take 1 MB). */
export const MAX_PAGE_CHARS = 500_000;

/** A JSON export's translations: per language, each text by its unit's key (lib/translations/translation-units.ts). */
export type ImportedTranslations = Record<string, Record<string, string>>;

export type ImportResult =
  | {
      ok: true;
      format: ImportFormat;
      content: FilmContent;
      warnings: PageWarning[];
      quizLine?: number;
      translations?: ImportedTranslations;
    }
  | { ok: false; format: ImportFormat; errors: ImportError[] };

/**
 * Imports either export: a JSON object (detected by its leading "{"), validated by the content
 * schema and otherwise taken as it is, or a page in the page format, read leniently with warnings.
 */
export function importText(text: string): ImportResult {
  const body = text.replace(/^\uFEFF/u, '');
  if (body.trimStart().startsWith('{')) return importJson(body);
  try {
    const { content, warnings, sectionLines } = parsePage(body);
    return { ok: true, format: 'text', content, warnings, quizLine: sectionLines.quiz };
  } catch (error) {
    if (error instanceof PageFormatError) return { ok: false, format: 'text', errors: error.errors };
    throw error;
  }
}

function importJson(text: string): ImportResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, format: 'json', errors: [{ path: '(root)', message: `Not valid JSON: ${(error as Error).message}` }] };
  }
  const result = filmContentSchema.safeParse(value);
  if (!result.success) return { ok: false, format: 'json', errors: fieldErrors(result.error) satisfies FieldError[] };
  // An export with `translations` (`?translations=true`): each checked against the page it translates.
  const raw = typeof value === 'object' && value !== null && 'translations' in value ? value.translations : undefined;
  if (raw === undefined) return { ok: true, format: 'json', content: result.data, warnings: [] };
  const parsed = translationsSchema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, format: 'json', errors: fieldErrors(parsed.error).map((e) => ({ ...e, path: `translations.${e.path}` })) };
  const problems = Object.entries(parsed.data).flatMap(
    ([locale, texts]) => checkTranslationTexts(result.data, texts, `translations.${locale}`).problems,
  );
  if (problems.length > 0) return { ok: false, format: 'json', errors: problems };
  return { ok: true, format: 'json', content: result.data, warnings: [], translations: parsed.data };
}

const translationsSchema = z.record(localeTagSchema, z.record(z.string(), z.string()));

/**
 * Quizzes are admin-only: an import by someone who may not edit quizzes leaves the quiz out and
 * says so, instead of refusing the whole page. Shared by the server and the import page's preview.
 */
export function withoutQuizFor(
  mayEditQuiz: boolean,
  imported: Extract<ImportResult, { ok: true }>,
): { content: FilmContent; warnings: PageWarning[] } {
  const { content, warnings } = imported;
  const count = content.quiz.questions.length;
  if (mayEditQuiz || count === 0) return { content: structuredClone(content), warnings };
  const note: PageWarning = {
    line: imported.quizLine ?? 0,
    kind: 'skipped',
    message: `The quiz (${count} question${count === 1 ? '' : 's'}) was left out: only admins may add a quiz. An admin can import the page or add it later.`,
  };
  return { content: { ...structuredClone(content), quiz: { questions: [] } }, warnings: [...warnings, note] };
}
