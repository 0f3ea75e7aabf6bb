/**
 * Every configuration variable is read through lib/env.ts (or, in the production server's plain
 * modules, lib/ops/server-env.mjs, whose schemas are part of it): no other product source reads
 * process.env. Allowed: Next's own variables (NEXT_PHASE, NEXT_RUNTIME: set by Next, not
 * configuration), the serve.mjs → proxy.ts handshake (DECIDED_UPSTREAM_ENV, set by serve.mjs), and
 * writes (serve.mjs's NODE_ENV, next-auth's AUTH_TRUST_HOST, the secret files read in).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'app',
  'components',
  'lib',
  'server',
  'proxy.ts',
  'instrumentation.ts',
  'instrumentation-node.ts',
  'instrumentation-client.ts',
];
const READERS = new Set(['lib/env.ts', 'lib/ops/server-env.mjs', 'lib/ops/secret-files.mjs']);
const NEXT_OWN = new Set(['NEXT_PHASE', 'NEXT_RUNTIME']);

function sourceFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (fs.statSync(full).isFile()) return [entry];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    const relative = path.join(entry, child.name);
    if (child.isDirectory()) return relative === 'lib/generated' ? [] : sourceFiles(relative);
    return /\.(ts|tsx|mjs|js)$/.test(child.name) && !/\.(test|int\.test|check)\.tsx?$/.test(child.name) ? [relative] : [];
  });
}

/** `file:line NAME` of every read of process.env that is not allowed, in `text`. */
function envReads(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const match of line.matchAll(/process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[([^\]]+)\])(\s*(\?\?)?=(?!=))?/g)) {
      const [, name, computed, write] = match;
      if (write || NEXT_OWN.has(name) || computed?.endsWith('DECIDED_UPSTREAM_ENV')) continue;
      found.push(`${file}:${i + 1} ${name ?? `[${computed}]`}`);
    }
  });
  return found;
}

describe('environment variables', () => {
  it('are read only through lib/env.ts and lib/ops/server-env.mjs', () => {
    const reads = SOURCES.flatMap(sourceFiles)
      .filter((file) => !READERS.has(file))
      .flatMap((file) => envReads(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(reads).toEqual([]);
  });

  it('the check finds a direct read, and lets writes and Next’s own variables pass', () => {
    expect(envReads('x.ts', 'const a = process.env.REDIS_URL;\nconst b = process.env["PORT"];')).toEqual([
      'x.ts:1 REDIS_URL',
      'x.ts:2 ["PORT"]',
    ]);
    expect(
      envReads('x.ts', "process.env.NODE_ENV = 'production';\nif (process.env.NEXT_PHASE === 'x') {}\nprocess.env.A ??= '1';"),
    ).toEqual([]);
    expect(envReads('x.ts', "if (process.env.LOG_LEVEL == 'x') {}")).toEqual(['x.ts:1 LOG_LEVEL']);
  });
});
