import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { getDraft, getRevision } from '@/lib/films';
import { formatPage } from '@/lib/page-format';
import { exportTranslations } from '@/lib/translations/export-translations';

/**
 * The film (its latest revision, or `?revision=n`) as lossless JSON (the content object, with
 * `?translations=true` its translations beside it) or as a page in the page format; both as a
 * download named after the slug.
 */
export const GET = apiOperation(
  editorOperations.exportFilm,
  'film.read',
  async ({ actor, params: { slug }, query: { format, revision, translations } }) => {
    const { content } = revision ? await getRevision({ slug, number: revision, actor }) : await getDraft({ slug, actor });
    const filename = `${content.slug}${revision ? `-r${revision}` : ''}.${format === 'json' ? 'json' : 'txt'}`;
    const headers = { 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' };
    if (format === 'json' && translations === 'true')
      return Response.json({ ...content, translations: await exportTranslations({ slug, content, actor }) }, { headers });
    if (format === 'json') return Response.json(content, { headers });
    return new Response(formatPage(content), { headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  },
);
