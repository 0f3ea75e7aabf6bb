import { z } from 'zod';
import { MAX_SHORT, itemIdSchema, requiredText, spoiler, trimmed, uniqueIds } from '../../content/fields';
import { levelField, quote, type Item } from '../diff-spec';
import { definePart } from '../part';
import { atLevelWhere, visibleAt } from '../spoiler-filter';

export const quizOptionSchema = z.object({
  id: itemIdSchema,
  text: requiredText(MAX_SHORT, 'Option'),
  correct: z.boolean().default(false),
});

export const quizQuestionSchema = z
  .object({
    id: itemIdSchema,
    prompt: requiredText(1000, 'Prompt'),
    options: z.array(quizOptionSchema).min(2, 'Give at least 2 options').max(6, 'Give at most 6 options'),
    explanation: trimmed(4000).default(''),
    spoiler,
  })
  .superRefine((question, ctx) => {
    const correct = question.options.filter((o) => o.correct).length;
    if (correct !== 1) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark exactly one option as correct' });
    }
    const seen = new Map<string, number>();
    question.options.forEach((option, index) => {
      const key = option.text.trim().toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['options', index, 'text'], message: 'Options must differ' });
      }
      seen.set(key, index);
    });
    uniqueIds(question.options, ['options'], ctx);
  });

export const quizSchema = z.object({
  questions: z.array(quizQuestionSchema).max(100).default([]),
});

export type Quiz = z.output<typeof quizSchema>;
export type QuizQuestion = Quiz['questions'][number];
type QuizContent = { quiz: Quiz };

/**
 * "Quiz": ordered questions, each at its level. The quiz is the admins' (lib/quiz edits it); the
 * film editor shows it and every save carries the quiz of the revision it builds on.
 */
export const quizPart = definePart({
  id: 'quiz',
  label: 'Quiz',
  keys: ['quiz'],
  heading: () => 'Quiz',
  schema: { quiz: quizSchema.default(() => ({ questions: [] })) },
  refine: (c: QuizContent, ctx) => uniqueIds(c.quiz.questions, ['quiz', 'questions'], ctx),
  spoiler: 'per-item',
  counts: [
    {
      key: 'questions',
      nouns: ['quiz question', 'quiz questions'],
      items: (c: QuizContent) => c.quiz.questions,
      views: [{ key: 'quiz', label: 'Quiz', nouns: ['quiz question', 'quiz questions'], items: (c: QuizContent) => c.quiz.questions }],
    },
  ],
  diff: {
    lists: [
      {
        key: 'quiz.questions',
        storyKind: 'question',
        noun: 'quiz question',
        nouns: 'quiz questions',
        get: (c) => c.quiz.questions as Item[],
        set: (c, items) => void (c.quiz.questions = items),
        name: (_item, n) => `quiz question ${n}`,
        label: (item, n) => `Question ${n}${quote(item.prompt)}`,
        title: (item) => String(item.prompt ?? ''),
        fields: [
          { field: 'prompt', label: 'prompt', kind: 'text' },
          { field: 'options', label: 'options', kind: 'options' },
          { field: 'explanation', label: 'explanation', kind: 'long' },
          levelField,
        ],
      },
    ],
  },
  reader: {
    // The page only counts the questions; the quiz page serves them (lib/quiz).
    shape: { quiz: z.object({ visible: z.int(), total: z.int() }) },
    hidden: {},
    visible: (c: QuizContent, level) => ({
      quiz: { visible: visibleAt(c.quiz.questions, level).length, total: c.quiz.questions.length },
      hidden: {},
    }),
    // Each question's id and level, so a page read up to a point counts only those the point shows (shownUpTo).
    select: (level) => ({
      fields: { questions: { where: atLevelWhere(level), select: { itemId: true, spoiler: true } } },
      counts: { questions: true },
    }),
    read: (row: { questions: unknown[]; _count: { questions: number } }) => ({
      quiz: { visible: row.questions.length, total: row._count.questions },
      hidden: {},
    }),
    listed: (film: { quiz: { total: number } }) => film.quiz.total > 0,
  },
  storage: {
    rows: (c: QuizContent, { filmId }) => {
      // Question ids made here, so options can name their question in the same batch.
      const questions = c.quiz.questions.map((q, position) => ({
        id: crypto.randomUUID(),
        filmId,
        itemId: q.id,
        position,
        prompt: q.prompt,
        explanation: q.explanation,
        spoiler: q.spoiler,
        options: q.options,
      }));
      return [
        ['quizQuestion', questions.map(({ options: _options, ...q }) => q)],
        [
          'quizOption',
          questions.flatMap((q) =>
            q.options.map((o, i) => ({ questionId: q.id, itemId: o.id, position: i, text: o.text, correct: o.correct })),
          ),
        ],
      ];
    },
  },
  editedInFilmEditor: false,
});

export function quizTeaser(title: string): string {
  return `How well do you remember ${title}? Test yourself on the story.`;
}
