'use client';

import { useQuery } from '@tanstack/react-query';
import { editorApi, editorKeys } from '@/lib/editor/query-keys';
import { mediaAddress, THUMBNAIL_FILE } from '@/lib/media/variant-widths';
import { fetchJson } from '../editor/action-result';

type Waiting = { resolve: (version: number) => void; reject: (error: unknown) => void };
let batch: Map<string, Waiting[]> | null = null;

/** The thumbnails of one render ask together: one request for a film's poster and all its stills. */
function loadVersion(imageId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!batch) {
      batch = new Map();
      setTimeout(flush, 0);
    }
    batch.set(imageId, [...(batch.get(imageId) ?? []), { resolve, reject }]);
  });
}

async function flush() {
  const waiting = batch!;
  batch = null;
  const ids = [...waiting.keys()];
  for (let start = 0; start < ids.length; start += 100) {
    const chunk = ids.slice(start, start + 100);
    try {
      const { versions } = await fetchJson<{ versions: Record<string, number> }>(editorApi.mediaVersions(chunk));
      // An id the library no longer has: version 1's address, which answers 404 like any missing file.
      for (const id of chunk) for (const w of waiting.get(id)!) w.resolve(versions[id] ?? 1);
    } catch (error) {
      for (const id of chunk) for (const w of waiting.get(id)!) w.reject(error);
    }
  }
}

/**
 * An upload's small preview in the editor (the film's images, a person's photo, the compare
 * view), at the image's current version: forms and revisions hold image ids only, so the version
 * is looked up (lib/media/get-image-versions.ts) and the address comes from `mediaAddress`, like
 * every other. Until the version is known nothing is shown, so a browser never shows a file from
 * before a replace out of its cache. A replace in the library invalidates `editorKeys.mediaVersion`.
 */
export function MediaThumbnail({ image, alt, className }: { image: string; alt: string; className?: string }) {
  const version = useQuery({ queryKey: editorKeys.mediaVersion(image), queryFn: () => loadVersion(image) });
  if (version.data === undefined) return <span className={className} data-image-loading={image} aria-hidden="true" />;
  // eslint-disable-next-line @next/next/no-img-element -- a fixed 320 px file, no next/image needed in the editor
  return <img src={mediaAddress(image, version.data, THUMBNAIL_FILE)} alt={alt} className={className} data-image={image} />;
}
