import { sampleFilm } from './sample-film';
import type { FilmContent } from '../lib/content/schema';
import { createFilm, publishFilm } from '../lib/films';
import type { Actor } from '../lib/auth/permissions';

/**
 * For the quiz's tests: a film with a four-question quiz at every spoiler level, whose correct
 * options are always the "…a" ones and whose explanations carry a marker word per level.
 */
export function quizFilm(slug: string): FilmContent {
  const question = (id: string, spoiler: 'none' | 'light' | 'full', prompt: string) => ({
    id,
    prompt,
    options: [
      { id: `${id}a`, text: `${prompt} right`, correct: true },
      { id: `${id}b`, text: `${prompt} wrong one`, correct: false },
      { id: `${id}c`, text: `${prompt} wrong two`, correct: false },
    ],
    explanation: `Because ${spoiler.toUpperCase()}EXPLAINED.`,
    spoiler,
  });
  return sampleFilm({
    slug,
    title: `Quiz film ${slug}`,
    quiz: {
      questions: [
        question('n1', 'none', 'First none'),
        question('n2', 'none', 'Second none'),
        question('l1', 'light', 'Light one'),
        question('f1', 'full', 'Full one FULLWORD'),
      ],
    },
  });
}

let counter = 0;
export const uniqueSlug = (prefix = 'quiz') =>
  `${prefix}-${Date.now().toString(36)}-${(counter += 1)}-${Math.random().toString(36).slice(2, 6)}`;

/** Creates and publishes a quiz film; returns its slug and content. */
export async function publishedQuizFilm(admin: Actor, content: FilmContent = quizFilm(uniqueSlug())) {
  const { revision } = await createFilm({ content, actor: admin });
  await publishFilm({ slug: content.slug, revision: revision.number, actor: admin });
  return { slug: content.slug, content };
}
