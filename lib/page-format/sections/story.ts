import type { FilmContent } from '../../content/schema';
import { countWords, readingMinutes } from '../../content/derive';
import { SPOILERS_AHEAD, castNamedInStory, storyLine } from '../../page/parts/story';
import { paragraphLines } from '../page-text';
import { checkCount, joinParagraphs, numberIn, type Context, type Line } from '../parse-context';
import type { PageFormatSection } from '../section';

/** "What Happens in {title}?": the derived line, "Spoilers ahead", then the story's paragraphs ("> " quotes kept). */

const STORY_LINE = /^The complete story of .+ in ([\d,]+) words?\b/iu;

export const storySection = {
  format: (content: Parameters<typeof storyLine>[0]) => [storyLine(content), SPOILERS_AHEAD, ...paragraphLines(content.story)],
  parse: (body: Line[], ctx: Context) => {
    const paragraphs: string[] = [];
    for (const line of body) {
      if (paragraphs.length === 0 && /^Spoilers ahead\.?$/iu.test(line.text)) continue;
      if (paragraphs.length === 0 && STORY_LINE.test(line.text)) {
        ctx.checks.push((content) => checkStoryLine(ctx, line, content));
        continue;
      }
      paragraphs.push(line.text);
    }
    return { story: joinParagraphs(paragraphs) };
  },
} satisfies PageFormatSection;

function checkStoryLine(ctx: Context, line: Line, content: FilmContent) {
  const words = countWords(content.story);
  checkCount(ctx, line, 'story words', numberIn(STORY_LINE.exec(line.text)![1]), words);
  const minutes = /\(about (\d+) minutes?\)/iu.exec(line.text);
  if (minutes) checkCount(ctx, line, 'minutes of reading', Number(minutes[1]), readingMinutes(words));
  const links = /link to (\d+) cast member pages?/iu.exec(line.text);
  if (links) checkCount(ctx, line, 'cast member pages linked from the story', Number(links[1]), castNamedInStory(content));
}
