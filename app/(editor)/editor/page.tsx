import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { can } from '@/lib/auth/permissions';
import { listFilmsQuerySchema } from '@/lib/films/film-schema';
import { listFilms } from '@/lib/films/list-editor-films';
import { FilmListView } from './film-list-view';

export const metadata: Metadata = { title: 'Films' };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function EditorHomePage({ searchParams }: PageProps<'/editor'>) {
  const params = await searchParams;
  const parsed = listFilmsQuerySchema.safeParse({ q: first(params.q), status: first(params.status), page: first(params.page) });
  // An address edited by hand (unknown status, page "x") shows the first page of everything.
  const filter = parsed.success ? parsed.data : { q: undefined, status: undefined, page: 1 };
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  return (
    <FilmListView
      initialList={await listFilms({ actor, ...filter })}
      initialFilter={{ q: filter.q ?? '', status: filter.status ?? 'all', page: filter.page }}
      canCreate={can(actor, 'film.edit')}
    />
  );
}
