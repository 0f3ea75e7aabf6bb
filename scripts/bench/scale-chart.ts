/**
 * `npx tsx scripts/bench/scale-chart.ts [bench-results/latest.json] [docs/benchmarks-scale.svg]`:
 * draws the scale group's ratios from a bench run as an SVG bar chart (no dependencies), one group
 * of bars per catalogue size, with each ratio's goal as a dashed line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../lib/paths.mjs';
import { scaleRatios, type ScaleResult } from './scale';

const [input = path.join(REPO_ROOT, 'bench-results', 'latest.json'), output = path.join(REPO_ROOT, 'docs', 'benchmarks-scale.svg')] =
  process.argv.slice(2);

const SERIES = [
  { key: 'filmPageP50VsSmallest', label: 'uncached film page p50, against the smallest size', goal: 1.2, color: '#2f6db5' },
  { key: 'searchP95Interleaved', label: 'search p95, against 100 films (queried in turn)', goal: 2, color: '#c2571a' },
  { key: 'prismaVsPgP50', label: 'film page SQL: Prisma ÷ pg (p50)', goal: 1.5, color: '#4b8b3b' },
] as const;

const escape = (text: string) => text.replace(/[<>&]/gu, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

export function scaleChartSvg(result: ScaleResult, note: string): string {
  const rows = scaleRatios(result);
  const width = 760;
  const height = 410;
  const left = 56;
  const top = 100;
  const bottom = 60;
  const plotWidth = width - left - 20;
  const plotHeight = height - top - bottom;
  const max = Math.max(2.5, ...rows.flatMap((r) => SERIES.map((s) => (Number.isFinite(r[s.key]) ? r[s.key] : 0)))) * 1.1;
  const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
  const groupWidth = plotWidth / rows.length;
  const barWidth = Math.min(36, (groupWidth - 24) / SERIES.length);
  const parts: string[] = [];
  parts.push(
    `<text x="${left}" y="22" font-size="15" font-weight="600">Scale: growth with the catalogue (lower is better; dashed: goal)</text>`,
  );
  SERIES.forEach((s, i) => {
    const legendY = 34 + i * 17;
    parts.push(
      `<rect x="${left}" y="${legendY}" width="12" height="12" fill="${s.color}"/><text x="${left + 16}" y="${legendY + 11}" font-size="11">${escape(s.label)} (goal ≤ ${s.goal})</text>`,
    );
  });
  for (let tick = 0; tick <= max; tick += max > 8 ? 2 : 0.5) {
    parts.push(
      `<line x1="${left}" x2="${width - 20}" y1="${y(tick)}" y2="${y(tick)}" stroke="#e5e5e5"/><text x="${left - 6}" y="${y(tick) + 4}" font-size="11" text-anchor="end">${tick}×</text>`,
    );
  }
  rows.forEach((row, g) => {
    const x0 = left + g * groupWidth + (groupWidth - barWidth * SERIES.length) / 2;
    SERIES.forEach((s, i) => {
      const value = row[s.key];
      if (!Number.isFinite(value)) return;
      const x = x0 + i * barWidth;
      parts.push(
        `<rect x="${x + 2}" y="${y(value)}" width="${barWidth - 4}" height="${y(0) - y(value)}" fill="${s.color}"><title>${escape(s.label)}: ${value.toFixed(2)}×</title></rect>`,
      );
      parts.push(`<text x="${x + barWidth / 2}" y="${y(value) - 4}" font-size="10" text-anchor="middle">${value.toFixed(2)}</text>`);
      parts.push(
        `<line x1="${x + 1}" x2="${x + barWidth - 1}" y1="${y(s.goal)}" y2="${y(s.goal)}" stroke="${s.color}" stroke-width="2" stroke-dasharray="4 3"/>`,
      );
    });
    parts.push(
      `<text x="${left + g * groupWidth + groupWidth / 2}" y="${y(0) + 18}" font-size="12" text-anchor="middle">${row.films.toLocaleString('en')} films</text>`,
    );
  });
  parts.push(`<line x1="${left}" x2="${width - 20}" y1="${y(0)}" y2="${y(0)}" stroke="#333"/>`);
  parts.push(`<text x="${left}" y="${height - 12}" font-size="11" fill="#555">${escape(note)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif" role="img" aria-label="Scale benchmark ratios">\n<rect width="100%" height="100%" fill="#fff"/>\n${parts.join('\n')}\n</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const latest = JSON.parse(fs.readFileSync(input, 'utf8')) as {
    finishedAt: string;
    machine: { cpus: number; cpuModel: string };
    results: { scale?: ScaleResult };
  };
  if (!latest.results.scale) throw new Error(`${input} has no scale results: run npm run bench -- --only scale first`);
  const note = `npm run bench -- --only scale, ${latest.finishedAt.slice(0, 10)}, ${latest.machine.cpus} CPUs (${latest.machine.cpuModel}); in-process, uncached`;
  fs.writeFileSync(output, scaleChartSvg(latest.results.scale, note));
  console.log(`Wrote ${path.relative(process.cwd(), output)}`);
}
