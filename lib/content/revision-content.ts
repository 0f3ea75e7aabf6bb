import 'server-only';
import type { Db, Tx } from '../db';
import { filmContentSchema, type FilmContent } from './schema';

/**
 * Reading a revision's page back from its stored sections (lib/films/revision-store.ts writes
 * them): read-only, so reader code may read a published revision's page too (a published
 * translation is laid over it, lib/reader/get-published-translation.ts).
 */

type BlobClient = Pick<Db, 'revisionBlob'> | Pick<Tx, 'revisionBlob'>;

/** Stored content is re-read through the schema so old revisions gain new defaults safely. */
export function readStoredContent(json: unknown): FilmContent {
  return filmContentSchema.parse(json);
}

/** The pages of several revisions of one film, reading each shared section once. */
export async function readContents(client: BlobClient, filmId: string, partsList: string[][]): Promise<FilmContent[]> {
  const hashes = [...new Set(partsList.flat())];
  const blobs = await (client as Pick<Db, 'revisionBlob'>).revisionBlob.findMany({
    where: { filmId, hash: { in: hashes } },
    select: { hash: true, data: true },
  });
  const byHash = new Map(blobs.map((b) => [b.hash, b.data as Record<string, unknown>]));
  return partsList.map((parts) => {
    const page: Record<string, unknown> = {};
    for (const hash of parts) {
      const data = byHash.get(hash);
      if (!data) throw new Error(`revision-store: film ${filmId} has no section ${hash}`);
      Object.assign(page, data);
    }
    return readStoredContent(page);
  });
}

export async function readContent(client: BlobClient, filmId: string, parts: string[]): Promise<FilmContent> {
  return (await readContents(client, filmId, [parts]))[0];
}
