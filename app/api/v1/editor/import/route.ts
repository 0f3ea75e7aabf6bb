import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/api-handler';
import { ValidationError } from '@/lib/errors';
import { importText, type ImportError } from '@/lib/import';
import { createFilm } from '@/lib/revisions';

/** Pages are a few dozen kilobytes; anything far larger is a mistake. */
const MAX_PAGE_CHARS = 2_000_000;

/**
 * A page in the page format (or an exported JSON object), as a text/plain body → a new draft,
 * never published by itself, with the warnings of what the importer could not place.
 */
export const POST = apiHandler('film.edit', async ({ request, actor }) => {
  const text = await request.text();
  if (text.trim() === '') throw ValidationError.field('(body)', 'Send the page as a text/plain body');
  if (text.length > MAX_PAGE_CHARS) throw ValidationError.field('(body)', 'The page is too large');
  const imported = importText(text);
  if (!imported.ok) throw new ValidationError(imported.errors.map(toFieldError));
  const { film, revision } = await createFilm({ content: imported.content, actor, source: 'IMPORT', message: 'Imported' });
  return NextResponse.json({ slug: film.slug, revision: revision.number, warnings: imported.warnings }, { status: 201 });
});

const toFieldError = (error: ImportError) => ({ path: error.path ?? (error.line ? `line ${error.line}` : '(body)'), message: error.message });
