/**
 * Measures the spoiler-level suggestions and the lint against levels an editor set by hand
 * (lib/story-position/measure-suggestions.ts): for each page-format file, agreement per part
 * (agree / higher / lower, the unsafe direction), the lint's warnings on the hand-set levels, what a
 * no-spoiler reader of the page imported without markers sees, whether everything the premise
 * names is at none and whether anything of the last third reaches none or light. Markdown, for
 * docs/spoiler-suggestions.md. Without files: the demo film, the second measured page and the
 * fixture pages (scripts/story/fixtures/).
 *
 *   npm run measure:suggestions -- [FILE…] [--light 0.6] [--items]
 *
 * --light: the share of the timeline that light shows (default 3/5); --items: every item with its reason.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SHARES } from '../../lib/story-position';
import { measurePage, verdictOf, type PageMeasurement } from '../../lib/story-position/measure-suggestions';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'scripts/story/fixtures');
const DEFAULT_FILES = [
  'prisma/demo/kiss-and-cry.page.txt',
  'test-support/measured-pages/night-of-the-living-dead.page.txt',
  ...readdirSync(fixtures)
    .filter((f) => f.endsWith('.page.txt'))
    .sort()
    .map((f) => path.relative(root, path.join(fixtures, f))),
];

const cell = (text: string) => text.replace(/\|/gu, '/');
const pct = (share: number) => `${Math.round(share * 100)}%`;

function summaryRow(file: string, m: PageMeasurement): string {
  const premise = m.premiseNamed.filter((p) => p.suggested !== 'none');
  return `| ${m.title} (${path.basename(file)}) | ${m.total.items} | ${m.total.agrees} (${pct(m.total.share)}) | ${m.total.higher} | ${m.total.lower} | ${m.warnings.length} | ${m.premiseNamed.length - premise.length} of ${m.premiseNamed.length} | ${m.lastThirdLeaks.length} |`;
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { light: { type: 'string' }, items: { type: 'boolean' } },
  });
  const shares = { ...DEFAULT_SHARES, ...(values.light ? { light: Number(values.light) } : {}) };
  const files = positionals.length > 0 ? positionals : DEFAULT_FILES;
  const measured = files.map((file) => ({ file, m: measurePage(readFileSync(path.resolve(root, file), 'utf8'), { shares }) }));

  console.log(
    `Light up to ${Math.round(shares.light * 100)}% of the timeline, none up to ${Math.round(shares.none * 100)}% (${Math.round((shares.setup ?? shares.none) * 100)}% while the events bring in no new name).\n`,
  );
  console.log(
    '| page | items | at the hand level | higher | lower | lint warnings (hand levels) | premise-named at none | last-third leaks at none/light |\n|---|---|---|---|---|---|---|---|',
  );
  for (const { file, m } of measured) console.log(summaryRow(file, m));

  for (const { file, m } of measured) {
    console.log(`\n### ${m.title} (${path.basename(file)})\n`);
    console.log('| part | items | agree | higher | lower |\n|---|---|---|---|---|');
    for (const p of m.parts) console.log(`| ${p.part} | ${p.items} | ${p.agrees} | ${p.higher} | ${p.lower} |`);
    console.log(`\nImported without markers: ${m.noSpoilerReader}`);
    const premise = m.premiseNamed.map((p) => `${p.label} (‘${p.named}’): ${p.suggested}`).join('; ');
    console.log(`\nNamed by the premise: ${premise || 'nothing by name'}.`);
    if (m.lastThirdLeaks.length > 0)
      console.log(`\nLast-third text at none/light: ${m.lastThirdLeaks.map((l) => `${l.level}: “${l.probe}”`).join('; ')}.`);
    console.log(`\nLint warnings on the hand levels: ${m.warnings.length}.`);
    for (const w of m.warnings) console.log(`- ${w.label}: ${w.message}${w.revealedBy ? ` (revealed by ${w.revealedBy})` : ''}`);
    const differ = m.suggestions.filter((s) => verdictOf(s) !== 'agrees');
    if (differ.length > 0) {
      console.log('\n| item | hand-set | suggested | verdict | reason |\n|---|---|---|---|---|');
      for (const s of values.items ? m.suggestions : differ) {
        const verdict = verdictOf(s);
        console.log(
          `| ${cell(s.label)} | ${s.current} | ${s.suggested} | ${verdict === 'lower' ? '**lower**' : verdict} | ${cell(s.reason)} |`,
        );
      }
    }
  }
}

main();
