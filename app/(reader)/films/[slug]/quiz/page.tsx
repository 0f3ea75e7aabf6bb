import type { Metadata } from 'next';
import { QuizRouteView, quizMetadata } from '@/components/quiz/quiz-route-view';
import { defaultLocale } from '@/lib/i18n/site-locales';

type Props = PageProps<'/films/[slug]/quiz'>;

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return quizMetadata((await params).slug, defaultLocale(), await searchParams);
}

/** `/films/{slug}/quiz`: the film's quiz (components/quiz/quiz-route-view.tsx). */
export default async function QuizPage({ params, searchParams }: Props) {
  return <QuizRouteView slug={(await params).slug} locale={defaultLocale()} query={await searchParams} />;
}
