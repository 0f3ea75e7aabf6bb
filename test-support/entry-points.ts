import fs from 'node:fs';
import path from 'node:path';

/**
 * The app's entry points, found from the code rather than listed, so a new one cannot be left out
 * of the tests that go over all of them (the authorization matrix, the fuzz test): route handlers
 * (`app/**\/route.ts`) and server actions (every module whose first statement is the use-server directive).
 * Paths are relative to the repository root.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'generated' && !entry.name.startsWith('.')) walk(full, found);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path.relative(REPO_ROOT, full));
  }
  return found;
}

/** Every TypeScript source file of the app (not tests, not generated code). */
export const sourceFiles = (): string[] => ['app', 'lib', 'components'].flatMap((dir) => walk(path.join(REPO_ROOT, dir)));

/** Every route handler module, sorted. */
export const routeFiles = (): string[] =>
  sourceFiles()
    .filter((file) => /(^|\/)route\.ts$/.test(file))
    .sort();

/** Every use-server module (each export is a server action), sorted. */
export const actionFiles = (): string[] =>
  sourceFiles()
    .filter((file) => /^\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*(['"])use server\2/.test(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')))
    .sort();
