import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { NotFoundError } from '@/lib/errors';
import { getDraft } from '@/lib/films';
import { getAutosave } from '@/lib/editor/get-autosave';
import { asFilmContent } from '@/lib/editor/work-in-progress';
import { parseSpoilerLevel, type SpoilerLevel } from '@/lib/spoilers/levels';
import { visibleFilm } from '@/lib/spoilers/visible-film';
import { withImageSizes } from '@/lib/media/with-image-sizes';
import { PreviewBanner, type PreviewSource } from '@/components/editor/preview/preview-banner';
import { FilmPage } from '@/components/reader/film-page';
import { SiteFooter, SiteHeader } from '@/components/reader/site-header';

export const metadata: Metadata = { title: 'Preview', robots: { index: false, follow: false } };

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ level?: string; spoilers?: string; source?: string }>;
};

/**
 * "Preview as a reader": the film exactly as the reader page renders it at one spoiler level,
 * filtered on the server by visibleFilm, so nothing above the level reaches the browser.
 *
 * What it shows: with `source=unsaved` (the editor asks for it when the form has unsaved changes,
 * after autosaving them) the user's autosave slot; otherwise, or when that work in progress is not
 * valid yet, the latest saved revision. The banner always says which one.
 */
export default async function PreviewPage({ params, searchParams }: Props) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  // `spoilers` is what the reader page's own level links use; `level` is the editor's.
  const level = parseSpoilerLevel(query.spoilers ?? query.level);
  const wantsUnsaved = query.source === 'unsaved';

  const draft = await getDraft({ slug, actor }).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });

  let content = draft.content;
  let source: PreviewSource = { kind: 'revision', number: draft.revision, published: draft.published === draft.revision };
  let notice: string | undefined;
  if (wantsUnsaved) {
    const slot = await getAutosave({ filmId: draft.filmId, actor });
    const unsaved = slot ? asFilmContent(slot.content, draft.content.quiz) : null;
    if (slot && unsaved) {
      content = unsaved;
      source = { kind: 'unsaved', savedAt: slot.savedAt, baseRevision: slot.baseRevision };
    } else if (slot) {
      notice = 'Your unsaved changes have fields to fix first, so this shows the saved revision.';
    }
  }

  const hrefForLevel = (option: SpoilerLevel, section?: string) =>
    `/editor/films/${slug}/preview?level=${option}${wantsUnsaved ? '&source=unsaved' : ''}${section ? `#${section}` : ''}`;
  const film = await withImageSizes(visibleFilm(content, level));
  return (
    <>
      <PreviewBanner slug={slug} title={content.title} level={level} source={source} hrefForLevel={hrefForLevel} notice={notice} />
      {/* The reader site's own frame and page component: the preview is the reader page. */}
      <SiteHeader />
      <main id="main">
        <FilmPage film={film} hrefForLevel={hrefForLevel} quizHref={null} />
      </main>
      <SiteFooter />
    </>
  );
}
