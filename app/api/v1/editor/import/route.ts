import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { BODY_LIMITS, readBodyText } from '@/lib/api/read-body';
import { assertSafeText } from '@/lib/http/safe-text';
import { importFilm } from '@/lib/import/import-film';

/**
 * A page in the page format (or an exported JSON object), as a text/plain body → a new draft,
 * never published by itself, with the warnings of what the importer could not place.
 * `?slug=` imports it under another address; a taken address is a 409 naming the film there.
 * `?levels=suggested` stores every item at the level the page's own story suggests (lib/story-position).
 */
export const POST = apiOperation(editorOperations.importFilm, 'film.edit', async ({ request, actor, query: { slug, levels } }) => {
  const text = await readBodyText(request, BODY_LIMITS.content);
  assertSafeText(text, ['(body)']);
  const imported = await importFilm({ text, actor, slug, levels });
  return NextResponse.json(
    {
      slug: imported.slug,
      revision: imported.revision,
      levels: imported.levels,
      warnings: imported.warnings,
      translations: imported.translations,
    },
    { status: 201 },
  );
});
