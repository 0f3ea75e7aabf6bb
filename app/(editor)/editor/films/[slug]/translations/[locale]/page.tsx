import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { can } from '@/lib/auth/permissions';
import { getTranslation } from '@/lib/translations/get-translation';
import { getTranslationAutosave } from '@/lib/translations/translation-autosave';
import { listTranslationRevisions } from '@/lib/translations/translation-history';
import { getDraft } from '@/lib/films';
import { getFilmReviewStatus } from '@/lib/reviews/list-reviews';
import { loadOr404 } from '@/components/revisions/load-or-404';
import { TranslationView } from '@/components/translations/translation-view';

/** The newest revisions the screen lists (the API pages through all of them). */
const HISTORY_SHOWN = 20;

type Props = { params: Promise<{ slug: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, locale } = await params;
  return { title: `Translating ${slug} (${locale})` };
}

/** `/editor/films/{slug}/translations/{locale}[?show=todo]`: the page's texts beside their translation, unit by unit, and the user's unsaved work on it, if any, and its open review request. */
export default async function TranslationPage({ params, searchParams }: Props) {
  const { slug, locale } = await params;
  const { show } = await searchParams;
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  const [translation, draft, history, autosave] = await loadOr404(() =>
    Promise.all([
      getTranslation({ slug, locale, actor }),
      getDraft({ slug, actor }),
      listTranslationRevisions({ slug, locale, page: 1, pageSize: HISTORY_SHOWN, actor }),
      getTranslationAutosave({ slug, locale, actor }),
    ]),
  );
  const review = await getFilmReviewStatus({ filmId: draft.filmId, locale, actor });
  return (
    <TranslationView
      review={review}
      key={translation.locale}
      filmId={draft.filmId}
      autosave={autosave}
      translation={translation}
      title={draft.content.title}
      canEditQuiz={can(actor, 'quiz.edit')}
      canPublish={can(actor, 'film.publish')}
      initialShow={show === 'todo' ? 'todo' : 'all'}
      history={history}
    />
  );
}
