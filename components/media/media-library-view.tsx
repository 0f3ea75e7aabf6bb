'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { editorKeys } from '@/lib/editor/query-keys';
import type { MediaItem } from '@/lib/media/list-media';
import { deleteImageAction, setFocalPointAction } from '@/lib/media/media-actions';
import {
  describeUse,
  MEDIA_SORT_LABELS,
  MEDIA_SORTS,
  objectPosition,
  type MediaFilters,
  type MediaSort,
  type MediaUse,
} from '@/lib/media/media-schema';
import ui from '../editor/ui.module.css';
import admin from '../admin/admin.module.css';
import styles from './media-library.module.css';

type Library = { items: MediaItem[]; total: number; page: number; pageCount: number };
export type MediaView = 'grid' | 'list';
/** What the address says: the filters, the order, the page and the view. */
export type LibraryQuery = MediaFilters & { sort: MediaSort; page: number; view: MediaView };
type Options = { uploaders: Array<{ id: string; name: string }>; months: string[] };

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** "December 2026" for "2026-12" (the months are UTC, so is the label). */
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const nameOf = (item: MediaItem) => item.fileName ?? `Untitled image (${item.id.slice(0, 8)})`;

function hrefOf(use: MediaUse): string {
  switch (use.kind) {
    case 'person':
    case 'person-autosave':
      return `/editor/people/${use.slug}`;
    case 'person-history':
      return `/editor/people/${use.slug}/history`;
    case 'history':
      return `/editor/films/${use.slug}/history`;
    default:
      return `/editor/films/${use.slug}`;
  }
}

/** The library's address for `query`, defaults left out (so the plain address is the plain library). */
export function libraryHref(query: LibraryQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.used) params.set('used', query.used);
  if (query.uploader) params.set('uploader', query.uploader);
  if (query.month) params.set('month', query.month);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (query.view !== 'grid') params.set('view', query.view);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/editor/media?${search}` : '/editor/media';
}

/**
 * The media library: uploads found by file name, alt text or film, filtered (used or not,
 * uploader, month), sorted, as a grid or a list (the view is in the address, like the filters, so
 * a reload or a shared link shows the same). The filters are a plain GET form, so they work
 * without JavaScript. Each image shows its file name, dimensions, size, uploader and where it is
 * used, with links. Editors and admins set its focal point (click the image), replace its file and
 * delete it, offered only when nothing uses it; the server checks each of these again (media.manage;
 * deleting a used image is still a 409).
 */
export function MediaLibraryView({
  library,
  query,
  options,
  problems,
  canManage,
}: {
  library: Library;
  query: LibraryQuery;
  options: Options;
  problems: string[];
  canManage: boolean;
}) {
  const filtered = Boolean(query.q || query.used || query.uploader || query.month);
  return (
    <section>
      <div className={admin.header}>
        <div>
          <h1>Media library</h1>
          <p className={admin.lead}>
            Every uploaded image and where it is used. Reuse one with “From the library” in a film’s images or a person’s photo.
            {canManage ? ' Click an image to set its focal point: crops keep that spot in view.' : ''}
          </p>
        </div>
        <UploadButton view={query.view} />
      </div>

      <form method="get" action="/editor/media" role="search" aria-label="Find images" className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="media-q">Search</label>
          <input
            id="media-q"
            name="q"
            type="search"
            className={ui.input}
            defaultValue={query.q ?? ''}
            placeholder="File name, alt text or film"
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="media-used">Show</label>
          <select id="media-used" name="used" className={ui.input} defaultValue={query.used ?? ''}>
            <option value="">All images</option>
            <option value="used">Used</option>
            <option value="unused">Unused</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="media-uploader">Uploaded by</label>
          <select id="media-uploader" name="uploader" className={ui.input} defaultValue={query.uploader ?? ''}>
            <option value="">Anyone</option>
            {options.uploaders.map((uploader) => (
              <option key={uploader.id} value={uploader.id}>
                {uploader.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="media-month">Uploaded in</label>
          <select id="media-month" name="month" className={ui.input} defaultValue={query.month ?? ''}>
            <option value="">Any month</option>
            {options.months.map((month) => (
              <option key={month} value={month}>
                {monthLabel(month)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="media-sort">Sort</label>
          <select id="media-sort" name="sort" className={ui.input} defaultValue={query.sort}>
            {MEDIA_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {MEDIA_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        {query.view !== 'grid' ? <input type="hidden" name="view" value={query.view} /> : null}
        <button type="submit" className={`${ui.button} ${ui.primary}`}>
          Apply
        </button>
      </form>

      {problems.length > 0 ? (
        <div role="alert" className={ui.error}>
          <p>Some of the address was not understood and is left out:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className={styles.summary}>
        <p>
          {library.total === 1 ? '1 image' : `${library.total} images`}
          {filtered ? ' found' : ''}
          {library.pageCount > 1 ? `, page ${library.page} of ${library.pageCount}` : ''}
        </p>
        <nav aria-label="View" className={styles.views}>
          {(['grid', 'list'] as const).map((view) => (
            <Link
              key={view}
              href={libraryHref({ ...query, view })}
              className={`${ui.button} ${ui.small}`}
              aria-current={query.view === view ? 'page' : undefined}
            >
              {view === 'grid' ? 'Grid' : 'List'}
            </Link>
          ))}
        </nav>
      </div>

      {library.items.length === 0 ? (
        library.total > 0 ? (
          <p>
            No images on this page. <Link href={libraryHref({ ...query, page: 1 })}>Go to the first page</Link>
          </p>
        ) : filtered ? (
          <p>
            No image matches these filters.{' '}
            <Link href={libraryHref({ sort: query.sort, page: 1, view: query.view })}>Show every image</Link>
          </p>
        ) : (
          <p>No images uploaded yet.</p>
        )
      ) : null}
      <ul className={query.view === 'list' ? styles.list : styles.grid}>
        {library.items.map((item) => (
          <MediaCard key={item.id} item={item} canManage={canManage} />
        ))}
      </ul>
      {library.pageCount > 1 ? (
        <nav aria-label="Pages" className={styles.pages}>
          {library.page > 1 ? <Link href={libraryHref({ ...query, page: library.page - 1 })}>Previous page</Link> : null}
          <span>
            Page {library.page} of {library.pageCount}
          </span>
          {library.page < library.pageCount ? <Link href={libraryHref({ ...query, page: library.page + 1 })}>Next page</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

/** Uploads the chosen files one after another to the media API, then shows the library newest first (where they are). */
function UploadButton({ view }: { view: MediaView }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function upload(files: File[]) {
    setBusy(true);
    setMessage(null);
    const done: string[] = [];
    const failed: string[] = [];
    for (const file of files) {
      const form = new FormData();
      form.set('file', file);
      const response = await fetch('/api/v1/editor/media', { method: 'POST', body: form }).catch(() => null);
      if (response?.ok) {
        done.push(file.name);
        continue;
      }
      const body = (await response?.json().catch(() => null)) as { errors?: Array<{ message: string }>; detail?: string } | null;
      const reason =
        response?.status === 413 ? 'at most 15 MB' : (body?.errors?.[0]?.message ?? body?.detail ?? 'check your connection and try again');
      failed.push(`${file.name}: ${reason}`);
    }
    setBusy(false);
    if (input.current) input.current.value = '';
    const parts = [done.length ? `Uploaded ${done.join(', ')}.` : '', failed.length ? `Not uploaded: ${failed.join('; ')}.` : ''];
    setMessage({ ok: failed.length === 0, text: parts.filter(Boolean).join(' ') });
    if (done.length) {
      router.push(libraryHref({ sort: 'newest', page: 1, view }));
      router.refresh();
    }
  }

  return (
    <div className={styles.upload}>
      <label className={`${ui.button} ${ui.primary}`}>
        {busy ? 'Uploading…' : 'Upload images'}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          className={styles.fileInput}
          disabled={busy}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            if (chosen.length) void upload(chosen);
          }}
        />
      </label>
      {message ? (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? admin.message : ui.error}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

function MediaCard({ item, canManage }: { item: MediaItem; canManage: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [focal, setFocal] = useState(item.focal);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const name = nameOf(item);

  async function pickFocal(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));
    const next = { x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) };
    setBusy(true);
    const result = await setFocalPointAction({ id: item.id, ...next });
    setBusy(false);
    if (result.ok) {
      setFocal(result.data.focal);
      setMessage({ ok: true, text: `Focal point set (${Math.round(next.x * 100)}% across, ${Math.round(next.y * 100)}% down).` });
    } else setMessage({ ok: false, text: result.errors?.[0]?.message ?? result.error });
  }

  async function remove() {
    if (!window.confirm(`Delete ${name}? This cannot be undone.`)) return;
    setBusy(true);
    const result = await deleteImageAction({ id: item.id });
    setBusy(false);
    if (result.ok) router.refresh();
    else setMessage({ ok: false, text: result.error });
  }

  async function replace(chosen: File) {
    const form = new FormData();
    form.set('file', chosen);
    setBusy(true);
    const response = await fetch(`/api/v1/editor/media/${item.id}/file`, { method: 'PUT', body: form }).catch(() => null);
    setBusy(false);
    if (file.current) file.current.value = '';
    if (response?.ok) {
      setMessage({ ok: true, text: 'Replaced: every use shows the new file.' });
      // The editor's thumbnails (media-thumbnail.tsx) look the new version up again.
      void queryClient.invalidateQueries({ queryKey: editorKeys.mediaVersion(item.id) });
      router.refresh();
      return;
    }
    const body = (await response?.json().catch(() => null)) as { error?: string; errors?: Array<{ message: string }> } | null;
    setMessage({ ok: false, text: body?.errors?.[0]?.message ?? body?.error ?? 'The replacement failed.' });
  }

  const thumbnail = (
    // eslint-disable-next-line @next/next/no-img-element -- a fixed 320 px file, no next/image needed in the editor
    <img src={item.thumbnail} alt="" className={styles.thumbnail} width={item.width} height={item.height} />
  );
  return (
    <li className={styles.card} data-image={item.id} aria-label={name}>
      <div className={styles.frame}>
        {canManage ? (
          <button type="button" className={styles.focalButton} onClick={pickFocal} disabled={busy} aria-label="Set the focal point here">
            {thumbnail}
          </button>
        ) : (
          thumbnail
        )}
        <span
          className={styles.focalMark}
          style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }}
          data-testid="focal-mark"
          aria-hidden="true"
        />
      </div>
      <div className={styles.details}>
        <h2 className={styles.fileName}>{name}</h2>
        <dl className={styles.facts}>
          <dt>Dimensions</dt>
          <dd data-testid="dimensions">
            {item.width} × {item.height} pixels
          </dd>
          <dt>File size</dt>
          <dd data-testid="file-size">{sizeOf(item.bytes)}</dd>
          <dt>Uploaded</dt>
          <dd>
            <time dateTime={item.createdAt}>{item.createdAt.slice(0, 10)}</time> by {item.uploader ?? 'the system'}
          </dd>
          <dt>Focal point</dt>
          <dd data-testid="focal-value">{objectPosition(focal)}</dd>
        </dl>
        <h3 className={styles.usesHeading}>
          {item.uses.length === 0 ? 'Not used' : `Used in ${item.uses.length} place${item.uses.length === 1 ? '' : 's'}`}
        </h3>
        {item.uses.length > 0 ? (
          <ul className={styles.uses} aria-label="Uses">
            {item.uses.map((use, index) => (
              <li key={index}>
                <Link href={hrefOf(use)}>{describeUse(use)}</Link>
                {'alt' in use && use.alt ? <span className={styles.alt}> alt: “{use.alt}”</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {canManage ? (
          <div className={styles.buttons}>
            <label className={ui.button}>
              Replace file…
              <input
                ref={file}
                type="file"
                accept={ACCEPT}
                className={styles.fileInput}
                disabled={busy}
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  if (chosen) void replace(chosen);
                }}
              />
            </label>
            {/* Only an image nothing uses can be deleted (the server refuses the others with a 409 naming the uses, listed above). */}
            {item.uses.length === 0 ? (
              <button type="button" className={`${ui.button} ${ui.danger}`} onClick={remove} disabled={busy}>
                Delete
              </button>
            ) : null}
          </div>
        ) : null}
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? admin.message : ui.error}>
            {message.text}
          </p>
        ) : null}
      </div>
    </li>
  );
}
