import 'server-only';
import { createHash } from 'node:crypto';
import type { Tx } from '../db';
import type { FilmContent } from '../content/schema';
import { PAGE_SECTIONS } from '../page/parts';

/**
 * How a revision's page is stored: cut into the page's sections (lib/page/parts.ts), each
 * kept once per film as a content-addressed RevisionBlob; a revision lists the hashes of its sections
 * (Revision.parts). A save that edits the premise writes one small blob and shares the others,
 * which keeps 1,000 revisions of the demo page at a few MB instead of a full copy each.
 *
 * The sections' keys must stay in step with migration 20261202123930_revision_blobs, plus the
 * keys of parts added since (facts, images, trivia). Older revisions lack a key added later and read the schema's default; `splitIntoSections` refuses a key no section
 * stores, so nothing is dropped silently.
 */
const SECTIONS: ReadonlyArray<ReadonlyArray<keyof FilmContent>> = PAGE_SECTIONS.map((section) => section.keys);
const KNOWN_KEYS = new Set(SECTIONS.flat());

export type Section = { hash: string; data: Record<string, unknown> };

/** 128 bits of SHA-256 in base64url: unique enough within one film, short in every revision row. */
const hashOf = (json: string) => createHash('sha256').update(json).digest('base64url').slice(0, 22);

export function splitIntoSections(content: FilmContent): Section[] {
  const unknown = Object.keys(content).filter((key) => !KNOWN_KEYS.has(key as keyof FilmContent));
  if (unknown.length > 0)
    throw new Error(`revision-store: no section stores ${unknown.join(', ')}: add it to a section in lib/page/parts.ts`);
  return SECTIONS.map((keys) => {
    const data = Object.fromEntries(keys.map((key) => [key, content[key]]));
    return { hash: hashOf(JSON.stringify(data)), data };
  });
}

/** Stores the sections a film does not have yet; returns the revision's `parts`. Inside the save's transaction. */
export async function writeContentBlobs(tx: Tx, filmId: string, content: FilmContent): Promise<string[]> {
  const sections = splitIntoSections(content);
  await tx.revisionBlob.createMany({
    data: sections.map((s) => ({ filmId, hash: s.hash, data: s.data as never })),
    skipDuplicates: true,
  });
  return sections.map((s) => s.hash);
}

/** Reading is read-only and shared with reader code: lib/content/revision-content.ts. */
export { readContent, readContents } from '../content/revision-content';
