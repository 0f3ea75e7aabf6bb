import type { Metadata } from 'next';
import { QuizRouteView, quizMetadata } from '@/components/quiz/quiz-route-view';

type Props = PageProps<'/[locale]/films/[slug]/quiz'>;

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug, locale } = await params;
  return quizMetadata(slug, locale, await searchParams);
}

/**
 * `/{locale}/films/{slug}/quiz`: the film's quiz in a translation's language, its texts the
 * published translation's (proxy.ts sends a film without one to the 404 page).
 */
export default async function TranslatedQuizPage({ params, searchParams }: Props) {
  const { slug, locale } = await params;
  return <QuizRouteView slug={slug} locale={locale} query={await searchParams} />;
}
