import { fieldErrors, filmContentSchema, type FieldError, type FilmContent } from '../content/schema';
import { PageFormatError, parsePage, type PageWarning } from './parse-page';

export { PageFormatError, parsePage, type PageWarning, type PageWarningKind, type ParsedPage } from './parse-page';
export { formatPage } from './format-page';

export type ImportFormat = 'text' | 'json';

/** A problem that stops an import: a page line (text) or a field path (JSON). */
export type ImportError = { message: string; line?: number; path?: string };

export type ImportResult =
  | { ok: true; format: ImportFormat; content: FilmContent; warnings: PageWarning[] }
  | { ok: false; format: ImportFormat; errors: ImportError[] };

/**
 * Imports either export: a JSON object (detected by its leading "{"), validated by the content
 * schema and otherwise taken as it is, or a page in the page format, read leniently with warnings.
 */
export function importText(text: string): ImportResult {
  const body = text.replace(/^\uFEFF/u, '');
  if (body.trimStart().startsWith('{')) return importJson(body);
  try {
    const { content, warnings } = parsePage(body);
    return { ok: true, format: 'text', content, warnings };
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
  return { ok: true, format: 'json', content: result.data, warnings: [] };
}
