import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { listMedia } from '@/lib/media/list-media';
import { listMediaQuerySchema } from '@/lib/media/media-schema';
import { MediaLibraryView } from '@/components/media/media-library-view';

export const metadata: Metadata = { title: 'Media library' };

type SearchParams = Record<string, string | string[] | undefined>;

/** `/editor/media[?page=N]`: every upload, where it is used; editors and admins change them. */
export default async function MediaPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await getActor();
  if (!actor || !can(actor, 'film.edit')) forbidden();
  const parsed = listMediaQuerySchema.safeParse(await searchParams);
  const library = await listMedia({ actor, page: parsed.success ? parsed.data.page : 1 });
  return <MediaLibraryView library={library} canManage={can(actor, 'media.manage')} />;
}
