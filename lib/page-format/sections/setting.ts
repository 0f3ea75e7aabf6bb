import { DEFAULT_ITEM_LEVEL } from '../../spoilers/levels';
import { oneLine } from '../../page/page-text';
import { settingLine, settingSchema, type Setting } from '../../page/parts/setting';
import { EMPTY_LABEL, formatMarker, levelMarker, paragraphLines, tagLine } from '../page-text';
import { checkPhrase, isDashLine, joinParagraphs, readMarker, readTag, unplaced, type Context, type Line } from '../parse-context';
import type { PageFormatSection } from '../section';

/**
 * "Where and When Is {title} Set?": the derived line (with the whole setting's marker), "When",
 * era, why the time matters; "Where", place, why the place matters; tags. An empty era or place
 * with text under it is written as "—".
 */
export const settingSection = {
  format: ({ title, setting }: { title: string; setting: Setting }) => [
    `${settingLine(title, setting)}${formatMarker({ spoiler: levelMarker(setting.spoiler) })}`,
    ...labelledBlock('When', setting.era, setting.when),
    ...labelledBlock('Where', setting.place, setting.where),
    ...setting.tags.map(tagLine),
  ],
  parse: (body: Line[], ctx: Context) => {
    const setting: Setting = settingSchema.parse({});
    const text = { when: [] as string[], where: [] as string[] };
    let stage: 'lead' | 'era' | 'when' | 'place' | 'where' | 'tags' = 'lead';
    const short = (value: string) => (value === EMPTY_LABEL ? '' : value);

    body.forEach((line, index) => {
      if (line.text === 'When') {
        stage = 'era';
        return;
      }
      if (line.text === 'Where') {
        stage = 'place';
        return;
      }
      if (isDashLine(line.text)) {
        setting.tags.push(readTag(ctx, line));
        stage = 'tags';
        return;
      }
      if (stage === 'lead' && index === 0) {
        const { text: derived, marker } = readMarker(ctx, line, line.text, ['spoiler']);
        setting.spoiler = marker.spoiler ?? DEFAULT_ITEM_LEVEL;
        ctx.checks.push((content) => checkPhrase(ctx, line, 'the setting line', derived, settingLine(ctx.title, content.setting)));
        return;
      }
      if (stage === 'era' || stage === 'place') {
        setting[stage] = short(line.text);
        stage = stage === 'era' ? 'when' : 'where';
        return;
      }
      if (stage === 'when' || stage === 'where') {
        text[stage].push(line.text);
        return;
      }
      unplaced(ctx, line, 'setting');
    });
    setting.when = joinParagraphs(text.when);
    setting.where = joinParagraphs(text.where);
    return { setting };
  },
  removable: [{ path: ['setting', 'tags'], what: 'tag' }],
} satisfies PageFormatSection;

/** "When" / era / text lines; left out when both are empty. */
function labelledBlock(label: string, short: string, text: string): string[] {
  const lines = paragraphLines(text);
  const value = oneLine(short);
  if (!value && lines.length === 0) return [];
  return [label, value || EMPTY_LABEL, ...lines];
}
