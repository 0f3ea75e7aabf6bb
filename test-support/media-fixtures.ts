import { randomBytes } from 'node:crypto';
import { db } from '@/lib/db';
import { createFilm, publishFilm, saveDraft } from '@/lib/films';
import type { Actor } from '@/lib/auth/permissions';
import { sampleFilm } from './sample-film';

/** An uploaded image's row without files (for queries that read rows only): 640×360 PNG, one WebP variant. */
export async function imageRow({
  createdById,
  fileName = null,
  bytes = 1000,
  createdAt = new Date(),
}: { createdById?: string; fileName?: string | null; bytes?: number; createdAt?: Date } = {}): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await db().imageAsset.create({
    data: {
      id,
      sha256: randomBytes(32).toString('hex'),
      fileName,
      width: 640,
      height: 360,
      mime: 'image/png',
      bytes,
      variants: [{ name: 'w320', width: 320, height: 180, format: 'webp', bytes: 10 }],
      createdById,
      createdAt,
    },
  });
  return id;
}

type Shown = { image: string; alt: string };

/** A published film with `poster` as its poster; then, when given, a draft showing `still` as a still. */
export async function filmShowing(
  actor: Actor,
  { slug, title, poster, still }: { slug: string; title: string; poster: Shown; still?: Shown },
) {
  const content = sampleFilm({ slug, title, poster: { ...poster, spoiler: 'none' }, stills: [], quiz: { questions: [] } });
  const { revision } = await createFilm({ content, actor });
  await publishFilm({ slug, revision: revision.number, actor });
  if (still)
    await saveDraft({
      slug,
      baseRevision: revision.number,
      actor,
      content: { ...content, stills: [{ id: 'still-1', ...still, caption: '', spoiler: 'full' }] },
    });
  return content;
}
