/**
 * `npm run bench` is a script name tools rely on (docs/product.md, "Stable names"): its quickest group must run
 * and report every row as a ratio against the baseline of the same run. No timing is asserted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runNode, tsx } from './ops/support';

it('runs the import group and reports each row with its ratio to the baseline', async () => {
  const run = await runNode([...tsx('scripts/bench.ts'), '--only', 'import', '--iterations', '5'], {}, 120_000);
  expect(run.code, run.stderr).toBe(0);
  const rows = run.stdout.split('\n').filter((line) => /^(JSON\.parse|parsePage|formatPage)/u.test(line));
  expect(rows).toHaveLength(3);
  expect(rows[0]).toMatch(/\(baseline\).*\s1\.00×$/u);
  for (const row of rows.slice(1)) expect(row).toMatch(/\s\d+(\.\d+)?×$/u);
  const results = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'bench-results', 'latest.json'), 'utf8'));
  expect(JSON.stringify(results)).toContain('parsePage');
});
