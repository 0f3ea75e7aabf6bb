import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { listFilms } from '@/lib/editor/list-films';
import { FILM_STATUSES, type FilmStatus } from '@/lib/editor/film-status';
import { FilmListView } from './film-list-view';

export const metadata: Metadata = { title: 'Films' };

export default async function EditorHomePage({ searchParams }: { searchParams: Promise<{ q?: string; status?: string }> }) {
  const actor = await getActor();
  if (!actor) redirect('/login?callbackUrl=/editor');
  const [films, params] = await Promise.all([listFilms({ actor }), searchParams]);
  const status = (FILM_STATUSES as readonly string[]).includes(params.status ?? '') ? (params.status as FilmStatus) : 'all';
  return (
    <FilmListView
      initialFilms={films}
      initialQuery={typeof params.q === 'string' ? params.q : ''}
      initialStatus={status}
      canCreate={can(actor, 'film.edit')}
    />
  );
}
