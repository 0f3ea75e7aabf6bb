import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { can } from '@/lib/auth/permissions';
import { NotFoundError } from '@/lib/errors';
import { getDraft, getRevision } from '@/lib/films';
import { getFilmStatus } from '@/lib/films/list-editor-films';
import { getAutosave } from '@/lib/editor/get-autosave';
import { getFilmReviewStatus } from '@/lib/reviews/list-reviews';
import { listLintDismissals } from '@/lib/story-position/lint-dismissals';
import { localeName } from '@/lib/i18n/locale-name';
import { translationLocales } from '@/lib/i18n/site-locales';
import { FilmEditor } from '@/components/editor/film-form/film-editor';
import type { EditorInitialData } from '@/components/editor/film-form/editor-data';

type Props = { params: Promise<{ slug: string }> };

async function loadDraft(slug: string, actor: NonNullable<Awaited<ReturnType<typeof getActor>>>) {
  try {
    return await getDraft({ slug, actor });
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return { title: `Editing ${slug}` };
}

/** The editor for one film: the latest revision, its status and the user's autosave, if any. */
export default async function EditFilmPage({ params }: Props) {
  const { slug } = await params;
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  const draft = await loadDraft(slug, actor);
  const [status, autosave, review, lintDismissals] = await Promise.all([
    getFilmStatus({ filmId: draft.filmId, actor }),
    getAutosave({ filmId: draft.filmId, actor }),
    getFilmReviewStatus({ filmId: draft.filmId, actor }),
    listLintDismissals({ filmId: draft.filmId, actor }),
  ]);
  // Work that started from an older revision needs that revision to show what others changed since.
  const baseContent =
    autosave && autosave.baseRevision !== draft.revision
      ? (await getRevision({ slug: draft.slug, number: autosave.baseRevision, actor })).content
      : null;

  const initial: EditorInitialData = {
    filmId: draft.filmId,
    slug: draft.slug,
    revision: draft.revision,
    content: draft.content,
    status,
    autosave: autosave ? { ...autosave, baseContent } : null,
    canEditQuiz: can(actor, 'quiz.edit'),
    canPublish: can(actor, 'film.publish'),
    review,
    userLabel: actor.label,
    lintDismissals,
    translations: translationLocales().map((locale) => ({ locale, language: localeName(locale) })),
  };
  // The editor reads `initial` once: a server re-render (e.g. after an action) never resets typing.
  return <FilmEditor key={draft.filmId} initial={initial} />;
}
