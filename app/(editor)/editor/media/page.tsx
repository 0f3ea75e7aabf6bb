import type { Metadata } from 'next';
import { actorWhoCan } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { listMedia, listMediaFilterOptions } from '@/lib/media/list-media';
import { mediaListQuerySchema } from '@/lib/api/schemas/list-queries';
import { MediaLibraryView } from '@/components/media/media-library-view';

export const metadata: Metadata = { title: 'Media library' };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The query the library's GET form and links make (the API's schema, `mediaListQuerySchema`), read
 * leniently: an empty field is no filter, and a field that does not parse is left out and named.
 */
function readQuery(searchParams: SearchParams) {
  const given: Record<string, string> = {};
  for (const [key, value] of Object.entries(searchParams)) if (typeof value === 'string' && value.trim() !== '') given[key] = value;
  const problems: string[] = [];
  let parsed = mediaListQuerySchema.safeParse(given);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      problems.push(`${field}: ${issue.message}`);
      delete given[field];
    }
    parsed = mediaListQuerySchema.safeParse(given);
  }
  const query = parsed.success ? parsed.data : mediaListQuerySchema.parse({});
  const view = searchParams.view === 'list' ? ('list' as const) : ('grid' as const);
  return { query, view, problems };
}

/** `/editor/media[?q=&used=&uploader=&month=&sort=&view=&page=]`: uploads and where they are used; editors and admins change them. */
export default async function MediaPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await actorWhoCan('film.edit');
  const { query, view, problems } = readQuery(await searchParams);
  const [library, options] = await Promise.all([listMedia({ actor, ...query }), listMediaFilterOptions({ actor })]);
  return (
    <MediaLibraryView
      library={library}
      query={{ q: query.q, used: query.used, uploader: query.uploader, month: query.month, sort: query.sort, page: query.page, view }}
      options={options}
      problems={problems}
      canManage={can(actor, 'media.manage')}
    />
  );
}
