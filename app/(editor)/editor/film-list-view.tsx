'use client';

import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { editorApi, editorKeys, filmListSearch, type FilmListQuery } from '@/lib/editor/query-keys';
import { FILM_STATUS_LABELS, type FilmStatus } from '@/lib/films/film-status';
import type { FilmListPage } from '@/lib/films/list-editor-films';
import { StatusBadge } from '@/components/editor/status-badge';
import { TimeAgo } from '@/components/editor/time-ago';
import { ZonedTime } from '@/components/schedule/zoned-time';
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
function syncUrl(filter: FilmListQuery) {
  window.history.replaceState(null, '', `/editor${filmListSearch(filter)}`);
}

export function FilmListView({
  initialList,
  initialFilter,
  canCreate,
}: {
  initialList: FilmListPage;
  initialFilter: { q: string; status: StatusFilter; page: number };
  canCreate: boolean;
}) {
  const [query, setQuery] = useState(initialFilter.q);
  const [status, setStatus] = useState<StatusFilter>(initialFilter.status);
  const [page, setPage] = useState(initialFilter.page);
  // The server filters and pages; the previous page stays on screen until the next one arrives.
  const deferredQuery = useDeferredValue(query.trim());
  const filter: FilmListQuery = { q: deferredQuery, status, page };
  const initialKey = filmListSearch({ ...initialFilter, q: initialFilter.q.trim() });
  const films = useQuery({
    queryKey: editorKeys.filmList(filter),
    queryFn: () => fetchJson<FilmListPage>(editorApi.films(filter)),
    initialData: filmListSearch(filter) === initialKey ? initialList : undefined,
    placeholderData: keepPreviousData,
  });
  const list = films.data ?? initialList;
  const counts = list.counts;
  const shown = list.films;
  const total = counts[status];
  const pages = Math.max(1, Math.ceil(total / list.pageSize));
  const goTo = (next: FilmListQuery) => {
    setQuery(next.q);
    setStatus(next.status as StatusFilter);
    setPage(next.page);
    syncUrl(next);
  };

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
            onChange={(event) => goTo({ q: event.target.value, status, page: 1 })}
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
                onChange={() => goTo({ q: query, status: filter.value, page: 1 })}
              />
              <span>
                {filter.label} <span className={styles.count}>{counts[filter.value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </div>

      <p className="visually-hidden" aria-live="polite">
        {total === 1 ? '1 film found' : `${total} films found`}
        {pages > 1 ? `, page ${list.page} of ${pages}` : ''}
      </p>

      {shown.length === 0 ? (
        <div className={styles.empty}>
          {counts.all === 0 && !query.trim() ? (
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
                  {film.scheduled ? (
                    <span className={styles.revisions}>
                      {film.scheduled.kind === 'publish' ? `Publishes revision ${film.scheduled.revision}` : 'Unpublishes'} at{' '}
                      <ZonedTime iso={film.scheduled.runAt} />
                    </span>
                  ) : null}
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
      {pages > 1 ? (
        <nav className={styles.pager} aria-label="Pages of films">
          <button
            type="button"
            className={ui.button}
            disabled={list.page <= 1}
            onClick={() => goTo({ q: query, status, page: list.page - 1 })}
          >
            Previous
          </button>
          <span>
            Page {Math.min(list.page, pages)} of {pages}
          </span>
          <button
            type="button"
            className={ui.button}
            disabled={list.page >= pages}
            onClick={() => goTo({ q: query, status, page: list.page + 1 })}
          >
            Next
          </button>
        </nav>
      ) : null}
      {films.isError ? (
        <p role="alert" className={ui.error}>
          Could not refresh the list; showing what was loaded earlier.
        </p>
      ) : null}
    </div>
  );
}
