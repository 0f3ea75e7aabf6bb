/**
 * What the reader e2e tests know about the demo film, from a fixture written once and reviewed
 * (e2e/kiss-and-cry.expected.json), not from the code under test: the demo page as the seed
 * publishes it (prisma/demo/kiss-and-cry.page.txt with the poster and stills of
 * prisma/demo/images/kiss-and-cry.images.json; their image ids only exist once uploaded, and no
 * test here reads them), and a probe of each long text with the levels whose readers may be sent
 * it. test-support/demo-fixture.test.ts holds the fixture to the page it was written from.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { FilmContent } from '../lib/content/schema';
import type { SpoilerLevel } from '../lib/spoilers/levels';

export type DemoExpectations = { content: FilmContent; texts: Array<{ what: string; text: string; visibleAt: SpoilerLevel[] }> };
export const DEMO_EXPECTED = path.join(import.meta.dirname, 'kiss-and-cry.expected.json');
const expected = JSON.parse(readFileSync(DEMO_EXPECTED, 'utf8')) as DemoExpectations;

export const LEVELS: SpoilerLevel[] = ['none', 'light', 'full'];
export const DEMO_SLUG = 'kiss-and-cry';
export const DEMO_PATH = `/films/${DEMO_SLUG}`;

export const demo: FilmContent = expected.content;

/**
 * A piece of a text that survives HTML and JSON escaping unchanged: its longest run of letters,
 * digits, spaces, commas and full stops (at most 60 characters), or null when that is too short
 * to identify the text.
 */
export function probe(text: string): string | null {
  const runs = text.match(/[\p{L}\p{N} ,.]+/gu) ?? [];
  const longest = runs.map((run) => run.trim()).sort((a, b) => b.length - a.length)[0] ?? '';
  return longest.length >= 16 ? longest.slice(0, 60).trim() : null;
}

type Piece = { what: string; text: string };

/** Probes of what a reader at `level` may see, and of what must never reach them (the fixture's). */
export function probesAt(level: SpoilerLevel) {
  const visible: Piece[] = [];
  const hidden: Piece[] = [];
  for (const { what, text, visibleAt } of expected.texts) (visibleAt.includes(level) ? visible : hidden).push({ what, text });
  return { visible, hidden };
}

/** The film page as the server sends it: the HTML document and the RSC payload. */
export async function fetchPage(request: APIRequestContext, path: string, cookie?: SpoilerLevel) {
  const headers: Record<string, string> = cookie ? { Cookie: `spoilers=${cookie}` } : {};
  const html = await request.get(path, { headers });
  // An RSC request is first redirected to add its cache-busting `_rsc` parameter; follow it by
  // hand, so the cookie header goes along.
  let rsc = await request.get(path, { headers: { ...headers, RSC: '1' }, maxRedirects: 0 });
  const location = rsc.headers()['location'];
  if (rsc.status() >= 300 && rsc.status() < 400 && location)
    rsc = await request.get(location, { headers: { ...headers, RSC: '1' }, maxRedirects: 0 });
  return { status: html.status(), html: await html.text(), rsc: await rsc.text(), rscType: rsc.headers()['content-type'] ?? '' };
}

/** Texts from `probes` found in `body` (there should be none of the hidden ones). */
export const found = (body: string, probes: Piece[]) => probes.filter((p) => body.includes(p.text)).map((p) => `${p.what}: ${p.text}`);
export const missing = (body: string, probes: Piece[]) => probes.filter((p) => !body.includes(p.text)).map((p) => `${p.what}: ${p.text}`);
