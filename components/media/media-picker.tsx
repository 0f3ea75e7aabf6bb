'use client';

import { useDeferredValue, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { editorApi, editorKeys } from '@/lib/editor/query-keys';
import type { MediaItem } from '@/lib/media/list-media';
import { describeUse } from '@/lib/media/media-schema';
import { fetchJson } from '../editor/action-result';
import ui from '../editor/ui.module.css';
import styles from './media-picker.module.css';

/** GET /api/v1/editor/media: one page of the list envelope. */
type Library = { items: MediaItem[]; page: number; pageSize: number; total: number };
const pageCountOf = (library: Library) => Math.max(1, Math.ceil(library.total / library.pageSize));

/**
 * “From the library”: reuse an image already uploaded instead of uploading it again. Opens the
 * media library's newest uploads (a page at a time; a search by file name, alt text or film, as in
 * the library) and hands the chosen one to `onPicked`; the form around it asks for this use's alt text.
 */
export function MediaPicker({ label, onPicked }: { label: string; onPicked: (image: MediaItem) => void }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const q = useDeferredValue(search.trim());
  const library = useQuery({
    queryKey: editorKeys.media(page, q),
    queryFn: () => fetchJson<Library>(editorApi.media(page, q)),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  if (!open)
    return (
      <button type="button" className={ui.button} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  const data = library.data;
  return (
    <div className={styles.picker} role="group" aria-label={label}>
      <div className={styles.bar}>
        <strong>Choose an uploaded image</strong>
        <button type="button" className={ui.button} onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
      <div className={styles.search}>
        <label htmlFor={searchId}>Search the library</label>
        <input
          id={searchId}
          type="search"
          className={ui.input}
          placeholder="File name, alt text or film"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {library.isError ? <p className={ui.error}>The library could not be loaded.</p> : null}
      {!data ? <p>Loading…</p> : data.items.length === 0 ? <p>{q ? 'No image matches.' : 'No images uploaded yet.'}</p> : null}
      <ul className={styles.grid}>
        {data?.items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={styles.choice}
              data-image={item.id}
              title={item.uses.length ? `Used as ${item.uses.map(describeUse).join('; ')}` : 'Not used yet'}
              onClick={() => {
                setOpen(false);
                onPicked(item);
              }}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- a fixed 320 px file, no next/image needed in the editor */}
              <img src={item.thumbnail} alt="" />
              <span>
                Use {item.fileName ?? 'image'}, {item.width}×{item.height}
                {item.uses.length ? `, used in ${item.uses.length}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {data && pageCountOf(data) > 1 ? (
        <div className={styles.bar}>
          <button type="button" className={ui.button} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page} of {pageCountOf(data)}
          </span>
          <button type="button" className={ui.button} disabled={page >= pageCountOf(data)} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      ) : null}
    </div>
  );
}
