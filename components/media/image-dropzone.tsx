'use client';

import { useId, useRef, useState, type DragEvent } from 'react';
import type { ImageAssetView } from '@/lib/media/image-asset';
import ui from '../editor/ui.module.css';
import styles from './image-dropzone.module.css';

const UPLOAD_URL = '/api/v1/editor/media';
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

type Upload = { state: 'idle' } | { state: 'uploading'; percent: number; name: string } | { state: 'failed'; message: string };

/**
 * Drop an image here or choose one: it is uploaded at once (XMLHttpRequest, for its upload
 * progress) to the media API, which checks, resizes and converts it, and `onUploaded` gets the
 * stored image. Alt text and the spoiler level are asked for by the form around it.
 */
export function ImageDropzone({ label, onUploaded }: { label: string; onUploaded: (image: ImageAssetView) => void }) {
  const inputId = useId();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function send(file: File) {
    const request = new XMLHttpRequest();
    const form = new FormData();
    form.set('file', file);
    setUpload({ state: 'uploading', percent: 0, name: file.name });
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        setUpload({ state: 'uploading', percent: Math.round((event.loaded / event.total) * 100), name: file.name });
    };
    request.onload = () => {
      let body: { image?: ImageAssetView; errors?: Array<{ message: string }>; error?: string } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {}
      if ((request.status === 200 || request.status === 201) && body.image) {
        setUpload({ state: 'idle' });
        onUploaded(body.image);
      } else {
        const message =
          request.status === 413
            ? 'The file is too large: at most 15 MB.'
            : (body.errors?.[0]?.message ?? body.error ?? `The upload failed (${request.status}).`);
        setUpload({ state: 'failed', message });
      }
      if (input.current) input.current.value = '';
    };
    request.onerror = () => setUpload({ state: 'failed', message: 'The upload failed: check your connection and try again.' });
    request.open('POST', UPLOAD_URL);
    request.send(form);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) send(file);
  }

  return (
    <div
      className={`${styles.zone} ${over ? styles.over : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId} className={ui.button}>
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) send(file);
        }}
      />
      <span className={styles.hint}>or drop an image here (JPEG, PNG, WebP, GIF or AVIF, up to 15 MB)</span>
      {upload.state === 'uploading' && (
        <span className={styles.progress}>
          <progress max={100} value={upload.percent} aria-label={`Uploading ${upload.name}`} /> {upload.percent}%
        </span>
      )}
      {upload.state === 'failed' && (
        <p role="alert" className={styles.error}>
          {upload.message}
        </p>
      )}
    </div>
  );
}
