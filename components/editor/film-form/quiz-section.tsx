import { memo } from 'react';
import Link from 'next/link';
import { useWatch } from 'react-hook-form';
import { plural } from '@/lib/content/derive';
import type { FilmContent } from '@/lib/content/schema';
import { Section } from './section';
import type { SectionProps } from './section-props';
import ui from '../ui.module.css';

/**
 * The quiz is managed by admins on its own page; this editor shows it and never changes it (every
 * save carries the quiz of the revision it is based on).
 */
export const QuizSection = memo(function QuizSection({ editor: { savedSlug: slug, canEditQuiz }, ...section }: SectionProps) {
  const quiz = useWatch<FilmContent, 'quiz'>({ name: 'quiz' });
  const count = quiz?.questions.length ?? 0;
  return (
    <Section id="quiz" title="Quiz" count={count} {...section}>
      <p style={{ margin: 0 }}>
        {count === 0 ? 'No questions yet.' : `${plural(count, 'question')}.`}{' '}
        {canEditQuiz ? 'Quiz questions are edited on their own page.' : 'Only admins can change the quiz.'}
      </p>
      {canEditQuiz ? (
        <div>
          <Link href={`/editor/films/${slug}/quiz`} className={ui.button}>
            Edit the quiz
          </Link>
        </div>
      ) : null}
    </Section>
  );
});
