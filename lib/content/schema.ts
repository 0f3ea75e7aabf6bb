import { z } from 'zod';
import './plain-messages';
import { PAGE_PARTS, type AnyPart } from '../page/parts';
import { slugify } from './fields';

export * from './fields';

/**
 * The film page as one JSON object: the single content schema shared by the editor forms, the
 * API, the importer and the revisions. A revision stores exactly this object. It is put together
 * from the parts' own schemas (lib/page/parts), in page order, with their cross-field rules.
 */

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ContentShape = UnionToIntersection<AnyPart['schema']>;

const contentShape = Object.assign({}, ...PAGE_PARTS.map((part) => part.schema)) as ContentShape;

export const filmContentSchema = z.object(contentShape).superRefine((content, ctx) => {
  for (const part of PAGE_PARTS) if ('refine' in part) part.refine(content as never, ctx);
});

/** What a form or API client sends (defaults not yet applied). */
export type FilmContentInput = z.input<typeof filmContentSchema>;
/** A validated page: what revisions store and everything downstream reads. */
export type FilmContent = z.output<typeof filmContentSchema>;

/** One error per wrong field, named by its path ("events.3.title"), as the API returns them. */
export type FieldError = { path: string; message: string };

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
}

export type ParseResult = { ok: true; content: FilmContent } | { ok: false; errors: FieldError[] };

export function parseFilmContent(input: unknown): ParseResult {
  const result = filmContentSchema.safeParse(input);
  return result.success ? { ok: true, content: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** An empty page with a title: what "create a film" starts from. */
export function emptyFilmContent(title: string, slug = slugify(title)): FilmContent {
  return filmContentSchema.parse({ title, slug });
}
