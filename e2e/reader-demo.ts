/**
 * What the reader e2e tests know about the demo film, read from its source page
 * (prisma/demo/kiss-and-cry.page.txt) with the product's own parser: which texts belong to which
 * spoiler level, so a test can tell what a reader at a level may and may not be sent.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { parsePage } from '../lib/page-format/parse-page';
import type { FilmContent } from '../lib/content/schema';
import { paragraphs } from '../lib/content/derive';
import { isVisibleAt, type SpoilerLevel } from '../lib/spoilers/levels';

export const LEVELS: SpoilerLevel[] = ['none', 'light', 'full'];
export const DEMO_SLUG = 'kiss-and-cry';
export const DEMO_PATH = `/films/${DEMO_SLUG}`;

const DEMO_DIR = path.join(import.meta.dirname, '..', 'prisma', 'demo');

/**
 * The demo page as the seed publishes it: its text, with the poster and stills the seed uploads
 * (prisma/demo/images/kiss-and-cry.images.json; their image ids only exist once uploaded, and no
 * test here reads them: the levels are what count).
 */
function demoContent(): FilmContent {
  const content = parsePage(readFileSync(path.join(DEMO_DIR, 'kiss-and-cry.page.txt'), 'utf8')).content;
  const images = JSON.parse(readFileSync(path.join(DEMO_DIR, 'images', 'kiss-and-cry.images.json'), 'utf8')) as {
    poster: { alt: string; spoiler: FilmContent['stills'][number]['spoiler'] };
    stills: Array<{ id: string; alt: string; caption: string; spoiler: FilmContent['stills'][number]['spoiler'] }>;
  };
  const image = '0'.repeat(32);
  return {
    ...content,
    poster: { image, alt: images.poster.alt, spoiler: images.poster.spoiler },
    stills: images.stills.map(({ id, alt, caption, spoiler }) => ({ id, image, alt, caption, spoiler })),
  };
}

export const demo: FilmContent = demoContent();

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

type Piece = { level: SpoilerLevel; what: string; text: string };

/** Every long text of the demo page with its spoiler level. */
function pieces(content: FilmContent): Piece[] {
  return [
    ...paragraphs(content.premise).map((p) => ({ level: 'none' as const, what: 'premise', text: p.text })),
    ...paragraphs(content.story).map((p) => ({ level: 'full' as const, what: 'story', text: p.text })),
    ...content.events.flatMap((e) => [
      { level: e.spoiler, what: `event ${e.id} title`, text: e.title },
      { level: e.spoiler, what: `event ${e.id}`, text: e.description },
    ]),
    ...content.characters.map((c) => ({ level: c.spoiler, what: `character ${c.id}`, text: c.description })),
    ...content.themes.map((t) => ({ level: t.spoiler, what: `theme ${t.id}`, text: t.description })),
    { level: content.setting.spoiler, what: 'setting when', text: content.setting.when },
    { level: content.setting.spoiler, what: 'setting where', text: content.setting.where },
    { level: content.kind.summary.spoiler, what: 'kind summary', text: content.kind.summary.text },
    ...content.trivia.map((t) => ({ level: t.spoiler, what: `trivia ${t.id}`, text: t.text })),
  ];
}

/** Probes of what a reader at `level` may see, and of what must never reach them. */
export function probesAt(level: SpoilerLevel) {
  const visible: Piece[] = [];
  const hidden: Piece[] = [];
  for (const piece of pieces(demo)) {
    const p = probe(piece.text);
    if (p) (isVisibleAt(piece.level, level) ? visible : hidden).push({ ...piece, text: p });
  }
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
