'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { editorApi, editorKeys } from '@/lib/editor/query-keys';
import { FILM_STATUS_LABELS, type FilmStatus, type FilmStatusInfo } from '@/lib/editor/film-status';
import { StatusBadge } from '@/components/editor/status-badge';
import { TimeAgo } from '@/components/editor/time-ago';
import { fetchJson } from '@/components/editor/action-result';
import ui from '@/components/editor/ui.module.css';
import { NewFilmDialog } from './new-film-dialog';
import styles from './film-list.module.css';

type StatusFilter = FilmStatus | 'all';

const FILTERS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
  { value: 'changed', label: 'Unpublished changes' },
];

/** Keeps the search in the address bar, so a filtered list can be reloaded and shared. */
function syncUrl(query: string, status: StatusFilter) {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query.trim());
  if (status !== 'all') params.set('status', status);
  const search = params.toString();
  window.history.replaceState(null, '', search ? `/editor?${search}` : '/editor');
}

export function FilmListView({
  initialFilms,
  initialQuery,
  initialStatus,
  canCreate,
}: {
  initialFilms: FilmStatusInfo[];
  initialQuery: string;
  initialStatus: StatusFilter;
  canCreate: boolean;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [status, setStatus] = useState<StatusFilter>(initialStatus);
  const films = useQuery({
    queryKey: editorKeys.filmList(),
    queryFn: () => fetchJson<FilmStatusInfo[]>(editorApi.films()),
    initialData: initialFilms,
  });

  const counts = useMemo(() => {
    const byStatus: Record<StatusFilter, number> = { all: films.data.length, draft: 0, published: 0, changed: 0 };
    for (const film of films.data) byStatus[film.status] += 1;
    return byStatus;
  }, [films.data]);

  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return films.data.filter((f) => (status === 'all' || f.status === status) && (!needle || f.title.toLocaleLowerCase().includes(needle)));
  }, [films.data, query, status]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Films</h1>
          <p className={styles.lede}>Every film page, its draft and what readers see.</p>
        </div>
        {canCreate ? <NewFilmDialog /> : null}
      </header>

      <div className={styles.toolbar} role="search">
        <div className={styles.search}>
          <label htmlFor="film-search" className="visually-hidden">
            Search films by title
          </label>
          <input
            id="film-search"
            type="search"
            className={ui.input}
            placeholder="Search by title…"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              syncUrl(event.target.value, status);
            }}
          />
        </div>
        <fieldset className={styles.filters}>
          <legend className="visually-hidden">Show films by status</legend>
          {FILTERS.map((filter) => (
            <label key={filter.value} className={styles.filter}>
              <input
                type="radio"
                name="status"
                value={filter.value}
                checked={status === filter.value}
                onChange={() => {
                  setStatus(filter.value);
                  syncUrl(query, filter.value);
                }}
              />
              <span>
                {filter.label} <span className={styles.count}>{counts[filter.value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </div>

      <p className="visually-hidden" aria-live="polite">
        {shown.length === 1 ? '1 film shown' : `${shown.length} films shown`}
      </p>

      {shown.length === 0 ? (
        <div className={styles.empty}>
          {films.data.length === 0 ? (
            <p>No films yet. Create the first one with “New film”.</p>
          ) : (
            <p>
              No film matches {query.trim() ? <>“{query.trim()}”</> : null}
              {status !== 'all' ? <> with status “{FILM_STATUS_LABELS[status]}”</> : null}.
            </p>
          )}
        </div>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Last edit</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((film) => (
              <tr key={film.filmId}>
                <td>
                  <Link href={`/editor/films/${film.slug}`} className={styles.filmLink}>
                    {film.title}
                  </Link>
                  <span className={styles.slug}>/films/{film.slug}</span>
                </td>
                <td>
                  <StatusBadge status={film.status} />
                  <span className={styles.revisions}>
                    {film.publishedRevision ? `published revision ${film.publishedRevision} · ` : ''}latest {film.latestRevision}
                  </span>
                </td>
                <td className={styles.edited}>
                  <TimeAgo iso={film.updatedAt} />
                  <span className={styles.author}>{film.updatedBy ? `by ${film.updatedBy}` : 'by a removed user'}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {films.isError ? (
        <p role="alert" className={ui.error}>
          Could not refresh the list; showing what was loaded earlier.
        </p>
      ) : null}
    </div>
  );
}
