'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { editorKeys } from '@/lib/editor/query-keys';
import type { MediaItem } from '@/lib/media/list-media';
import { deleteImageAction, setFocalPointAction } from '@/lib/media/media-actions';
import { describeUse, objectPosition, type MediaUse } from '@/lib/media/media-schema';
import ui from '../editor/ui.module.css';
import admin from '../admin/admin.module.css';
import styles from './media-library.module.css';

type Library = { items: MediaItem[]; total: number; page: number; pageCount: number };

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function hrefOf(use: MediaUse): string {
  if (use.kind === 'person') return `/editor/people/${use.slug}`;
  return `/editor/films/${use.slug}`;
}

/**
 * The media library: every upload with its thumbnail, size, uploader, date and where it is used.
 * Editors and admins set its focal point (click the image), replace its file and delete it when
 * nothing uses it; the server checks each of these again (media.manage).
 */
export function MediaLibraryView({ library, canManage }: { library: Library; canManage: boolean }) {
  return (
    <section>
      <div className={admin.header}>
        <div>
          <h1>Media library</h1>
          <p className={admin.lead}>
            Every uploaded image and where it is used. To use one on another film or person, choose “From the library” in the film’s images
            or the person’s photo; alt text is written for each use there.
            {canManage ? ' Click an image to set its focal point: cropped images keep that spot in view.' : ''}
          </p>
        </div>
      </div>
      {library.items.length === 0 ? <p>No images uploaded yet.</p> : null}
      <ul className={styles.grid}>
        {library.items.map((item) => (
          <MediaCard key={item.id} item={item} canManage={canManage} />
        ))}
      </ul>
      {library.pageCount > 1 ? (
        <nav aria-label="Pages" className={styles.pages}>
          {library.page > 1 ? <Link href={`/editor/media?page=${library.page - 1}`}>Newer</Link> : null}
          <span>
            Page {library.page} of {library.pageCount}
          </span>
          {library.page < library.pageCount ? <Link href={`/editor/media?page=${library.page + 1}`}>Older</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

function MediaCard({ item, canManage }: { item: MediaItem; canManage: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [focal, setFocal] = useState(item.focal);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

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
    <li className={styles.card} data-image={item.id} aria-label={`Image ${item.id}`}>
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
      <dl className={styles.facts}>
        <dt>Size</dt>
        <dd>
          {item.width}×{item.height}, {sizeOf(item.bytes)}
        </dd>
        <dt>Uploaded</dt>
        <dd>
          <time dateTime={item.createdAt}>{item.createdAt.slice(0, 10)}</time> by {item.uploader ?? 'the system'}
        </dd>
        <dt>Focal point</dt>
        <dd data-testid="focal-value">{objectPosition(focal)}</dd>
      </dl>
      <h2 className={styles.usesHeading}>
        {item.uses.length === 0 ? 'Not used' : `Used in ${item.uses.length} place${item.uses.length === 1 ? '' : 's'}`}
      </h2>
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
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              className={styles.fileInput}
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) void replace(chosen);
              }}
            />
          </label>
          <button type="button" className={`${ui.button} ${ui.danger}`} onClick={remove} disabled={busy}>
            Delete
          </button>
        </div>
      ) : null}
      {message ? (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? admin.message : ui.error}>
          {message.text}
        </p>
      ) : null}
    </li>
  );
}
