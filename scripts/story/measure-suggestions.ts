/**
 * Measures the spoiler-level suggestions against the levels an editor set by hand: for each
 * page-format file, every item with its hand-set level, the suggestion, whether it agrees, is
 * higher or is lower (the unsafe direction), the point it is revealed at and the reason; then the
 * counts, overall and per kind of item. Markdown, for docs/spoiler-suggestions.md.
 *
 *   npx tsx --conditions=react-server scripts/story/measure-suggestions.ts FILE… [--light 0.5] [--counts]
 *
 * --light: the share of the timeline that light shows (default 1/2); --counts: the counts only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parsePage } from '../../lib/import';
import { levelRank } from '../../lib/spoilers/levels';
import { DEFAULT_SHARES, suggestFilmLevels, type LevelSuggestion } from '../../lib/story-position';

type Verdict = 'agrees' | 'higher' | 'lower';
const verdictOf = (s: LevelSuggestion): Verdict => {
  const d = levelRank(s.suggested) - levelRank(s.current);
  return d === 0 ? 'agrees' : d > 0 ? 'higher' : 'lower';
};
const cell = (text: string) => text.replace(/\|/gu, '/');

function counts(suggestions: LevelSuggestion[]): string {
  const n = (v: Verdict) => suggestions.filter((s) => verdictOf(s) === v).length;
  return `${suggestions.length} items: ${n('agrees')} agree, ${n('higher')} higher, ${n('lower')} lower`;
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { light: { type: 'string' }, counts: { type: 'boolean' } },
  });
  const shares = { ...DEFAULT_SHARES, ...(values.light ? { light: Number(values.light) } : {}) };
  for (const file of positionals) {
    const { content } = parsePage(readFileSync(file, 'utf8'));
    const suggestions = suggestFilmLevels(content, { shares });
    console.log(`\n### ${content.title} (${path.basename(file)}, light up to ${Math.round(shares.light * 100)}% of the timeline)\n`);
    console.log(`${counts(suggestions)}.\n`);
    const parts = [...new Set(suggestions.map((s) => s.part))];
    console.log('| kind of item | agree | higher | lower |\n|---|---|---|---|');
    for (const part of parts) {
      const of = suggestions.filter((s) => s.part === part);
      const n = (v: Verdict) => of.filter((s) => verdictOf(s) === v).length;
      console.log(`| ${part} | ${n('agrees')} | ${n('higher')} | ${n('lower')} |`);
    }
    if (values.counts) continue;
    console.log('\n| item | hand-set | suggested | revealed at | verdict | reason |\n|---|---|---|---|---|---|');
    for (const s of suggestions) {
      const verdict = verdictOf(s);
      console.log(
        `| ${cell(s.label)} | ${s.current} | ${s.suggested} | ${s.revealedAt ?? '—'} | ${verdict === 'lower' ? '**lower**' : verdict} | ${cell(s.reason)} |`,
      );
    }
  }
}

main();
