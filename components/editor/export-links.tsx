/**
 * Downloads of a film (the latest saved revision, or `revision`) in both export formats, from the
 * editorial API: the page format (re-importable, with derived lines) and lossless JSON.
 */
export const exportHref = (slug: string, format: 'text' | 'json', revision?: number) =>
  `/api/v1/editor/films/${slug}/export?format=${format}${revision ? `&revision=${revision}` : ''}`;

export function ExportLinks({ slug, revision }: { slug: string; revision?: number }) {
  const href = (format: 'text' | 'json') => exportHref(slug, format, revision);
  const what = revision ? `revision ${revision}` : 'the latest saved revision';
  return (
    <span>
      Download{' '}
      <a href={href('text')} download title={`${what} as a page in the page format`}>
        page text
      </a>{' '}
      ·{' '}
      <a href={href('json')} download title={`${what} as lossless JSON`}>
        JSON
      </a>{' '}
      (
      <a href={`${href('json')}&translations=true`} download title={`${what} as lossless JSON, with its translations`}>
        with translations
      </a>
      )
    </span>
  );
}
