import { DEFAULT_ITEM_LEVEL } from '../../spoilers/levels';
import { oneLine } from '../../page/page-text';
import { quizTeaser, type QuizQuestion } from '../../page/parts/quiz';
import { formatMarker, itemMarker, looseText, optionLetter, paragraphLines, positionalId, type Marker } from '../page-text';
import { assignIds, joinParagraphs, readMarker, unplaced, warn, type Context, type Line, type Pending } from '../parse-context';
import type { PageFormatSection } from '../section';

/**
 * "Quiz": the teaser, then the questions, a blank line before each for the eye:
 *
 *   Q1. Which sport does Carley train for? [spoiler: none]
 *     a) Ice hockey
 *     * b) Figure skating                          "*" marks the one correct option
 *     c) Speed skating
 *     Explanation: She skates for the national team.   (more lines: more paragraphs)
 */

export const quizSection = {
  format: ({ title, quiz }: { title: string; quiz: { questions: QuizQuestion[] } }) => [
    quizTeaser(title),
    ...quiz.questions.flatMap((question, index) => ['', ...questionLines(question, index)]),
  ],
  parse: (body: Line[], ctx: Context) => ({ quiz: { questions: readQuiz(body, ctx) } }),
  removable: [{ path: ['quiz', 'questions'], what: 'quiz question' }],
} satisfies PageFormatSection;

function questionLines(question: QuizQuestion, index: number): string[] {
  const [explanation, ...more] = paragraphLines(question.explanation);
  return [
    `Q${index + 1}. ${oneLine(question.prompt)}${itemMarker(question, positionalId.question(index))}`,
    ...question.options.map((option, optionIndex) => {
      const id = option.id === positionalId.option(index, optionIndex) ? undefined : option.id;
      return `  ${option.correct ? '* ' : ''}${optionLetter(optionIndex)}) ${oneLine(option.text)}${formatMarker({ id })}`;
    }),
    ...(explanation !== undefined ? [`  Explanation: ${explanation}`, ...more.map((line) => `  ${line}`)] : []),
  ];
}

const QUESTION = /^Q(\d+)[.)]\s*(.*)$/u;
const OPTION = /^(\*\s*)?([a-z])\)\s*(.*)$/iu;
const EXPLANATION = /^Explanation:\s*(.*)$/iu;

type QuestionDraft = {
  line: Line & { marker: Marker };
  options: Array<Pending<QuizQuestion['options'][number]>>;
  explanation: string[];
  stage: 'options' | 'explanation';
};

function readQuiz(body: Line[], ctx: Context): QuizQuestion[] {
  const drafts: QuestionDraft[] = [];
  body.forEach((line, index) => {
    const current = drafts[drafts.length - 1];
    if (index === 0 && looseText(line.text) === looseText(quizTeaser(ctx.title))) return;
    if (index === 0 && /^How well do you remember\b/iu.test(line.text)) return;
    const question = QUESTION.exec(line.text);
    if (question) {
      const number = Number(question[1]);
      if (number !== drafts.length + 1)
        warn(ctx, line.n, 'count', `This question is numbered ${number} but is question ${drafts.length + 1}`);
      drafts.push({
        line: { ...line, ...readMarker(ctx, line, question[2], ['spoiler', 'id']) },
        options: [],
        explanation: [],
        stage: 'options',
      });
      return;
    }
    if (!current) return unplaced(ctx, line, 'quiz');
    const option = OPTION.exec(line.text);
    if (option && current.stage === 'options') {
      current.options.push(readOption(ctx, line, option, current.options.length));
      return;
    }
    const explanation = EXPLANATION.exec(line.text);
    if (explanation) {
      current.stage = 'explanation';
      if (explanation[1]) current.explanation.push(explanation[1]);
      return;
    }
    if (current.stage === 'explanation') {
      current.explanation.push(line.text);
      return;
    }
    unplaced(ctx, line, 'quiz');
  });
  const pending = drafts.map((draft, questionIndex) => toQuestion(ctx, draft, questionIndex));
  return assignIds(ctx, pending, positionalId.question);
}

function readOption(ctx: Context, line: Line, match: RegExpExecArray, index: number): Pending<QuizQuestion['options'][number]> {
  const letter = match[2].toLowerCase();
  if (letter !== optionLetter(index))
    warn(ctx, line.n, 'count', `This option is lettered ${letter}) but is option ${optionLetter(index)})`);
  const { text, marker } = readMarker(ctx, line, match[3], ['id']);
  return { item: { id: '', text, correct: match[1] !== undefined }, explicitId: marker.id, line: line.n };
}

function toQuestion(ctx: Context, draft: QuestionDraft, questionIndex: number): Pending<QuizQuestion> {
  const item: QuizQuestion = {
    id: '',
    prompt: draft.line.text,
    options: assignIds(ctx, draft.options, (index) => positionalId.option(questionIndex, index)),
    explanation: joinParagraphs(draft.explanation),
    spoiler: draft.line.marker.spoiler ?? DEFAULT_ITEM_LEVEL,
  };
  return { item, explicitId: draft.line.marker.id, line: draft.line.n };
}
