import { posterSchema, type Poster, type Still } from '../../page/parts/images';
import { oneLine } from '../../page/page-text';
import { DEFAULT_ITEM_LEVEL } from '../../spoilers/levels';
import { formatMarker, imageAddress, imageIdIn, itemMarker, levelMarker, positionalId } from '../page-text';
import { assignIds, quoted, readMarker, unplaced, warn, type Context, type Line, type Pending } from '../parse-context';
import type { PageFormatSection } from '../section';

/**
 * The "Poster and Stills From {title}" section (format-page.ts): "Poster: {address}" and
 * "Still: {address}" lines, each followed by "Alt: …" and, for a still, an optional "Caption: …".
 * An image is named by its address on the site ("/media/{id}", a full address of one of its files)
 * or its bare id. A poster without a usable image or alt text is left out with a warning; a still
 * is checked by the page's validation (parse-repair.ts), which leaves out a bad one.
 */

const IMAGE_LINE = /^(Poster|Still):\s*(.*)$/iu;
const ALT_LINE = /^Alt:\s*(.*)$/iu;
const CAPTION_LINE = /^Caption:\s*(.*)$/iu;

type ImageDraft = {
  kind: 'poster' | 'still';
  line: Line;
  image: string;
  spoiler?: Still['spoiler'];
  id?: string;
  alt: string;
  caption: string;
};

function readImages(body: Line[], ctx: Context): { poster: Poster | null; stills: Still[] } {
  const drafts: ImageDraft[] = [];
  for (const line of body) {
    const current = drafts[drafts.length - 1];
    const image = IMAGE_LINE.exec(line.text);
    if (image) {
      const kind = image[1].toLowerCase() as ImageDraft['kind'];
      const { text, marker } = readMarker(ctx, line, image[2], kind === 'poster' ? ['spoiler'] : ['spoiler', 'id']);
      const id = imageIdIn(text);
      if (!id) warn(ctx, line.n, 'invalid', `${quoted(text)} names no uploaded image (use its address /media/{id})`);
      drafts.push({ kind, line, image: id ?? '', spoiler: marker.spoiler, id: marker.id, alt: '', caption: '' });
      continue;
    }
    const alt = ALT_LINE.exec(line.text);
    if (alt && current && !current.alt) {
      current.alt = alt[1];
      continue;
    }
    const caption = CAPTION_LINE.exec(line.text);
    if (caption && current?.kind === 'still' && !current.caption) {
      current.caption = caption[1];
      continue;
    }
    unplaced(ctx, line, 'images');
  }

  let poster: Poster | null = null;
  const stills: Array<Pending<Still>> = [];
  for (const draft of drafts) {
    const spoiler = draft.spoiler ?? DEFAULT_ITEM_LEVEL;
    if (draft.kind === 'poster') {
      const parsed = posterSchema.safeParse({ image: draft.image, alt: draft.alt, spoiler });
      if (poster) warn(ctx, draft.line.n, 'section', 'A page has one poster: this one was left out');
      else if (!parsed.success) warn(ctx, draft.line.n, 'invalid', `The poster was left out: ${parsed.error.issues[0].message}`);
      else poster = parsed.data;
    } else {
      stills.push({
        item: { id: '', image: draft.image, alt: draft.alt, caption: draft.caption, spoiler },
        explicitId: draft.id,
        line: draft.line.n,
      });
    }
  }
  if (poster) ctx.lineOf.set(poster, drafts.find((d) => d.kind === 'poster')!.line.n);
  return { poster, stills: assignIds(ctx, stills, positionalId.still) };
}

/** Written only when the page has images: a page without them reads the same as before images existed. */
function imageLines({ poster, stills }: { poster: Poster | null; stills: Still[] }): string[] | null {
  if (!poster && stills.length === 0) return null;
  const posterLines = poster
    ? [`Poster: ${imageAddress(poster.image)}${formatMarker({ spoiler: levelMarker(poster.spoiler) })}`, `Alt: ${oneLine(poster.alt)}`]
    : [];
  const stillLines = stills.flatMap((still, index) => [
    `Still: ${imageAddress(still.image)}${itemMarker(still, positionalId.still(index))}`,
    `Alt: ${oneLine(still.alt)}`,
    ...(still.caption ? [`Caption: ${oneLine(still.caption)}`] : []),
  ]);
  return [...posterLines, ...stillLines];
}

export const imagesSection = {
  format: imageLines,
  parse: readImages,
  removable: [{ path: ['stills'], what: 'still' }],
} satisfies PageFormatSection;
