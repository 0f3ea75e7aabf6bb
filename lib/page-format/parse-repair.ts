import type { z } from 'zod';
import { filmContentSchema, type FilmContent } from '../content/schema';
import { sectionOfPath, type HeadedSectionId } from '../page/parts';
import { warn, type Context, type Draft } from './parse-context';
import { PAGE_FORMAT_SECTIONS } from './sections';

/**
 * Validation of an imported page: whatever the schema refuses is left out (or shortened) with a
 * warning naming its line, never fatal, so an import always yields valid content.
 */

/** The lists an import thins out item by item rather than emptying (each section's `removable`). */
const REMOVABLE_LISTS = Object.values(PAGE_FORMAT_SECTIONS).flatMap(
  (section): ReadonlyArray<{ path: ReadonlyArray<string | '#'>; what: string }> => ('removable' in section ? section.removable : []),
);

type Path = Array<string | number>;

export function validate(draft: Draft, ctx: Context): FilmContent {
  const input: Record<string, unknown> = { ...draft, title: ctx.title };
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const result = filmContentSchema.safeParse(input);
    if (result.success) return result.data;
    repair(input, result.error.issues, ctx);
  }
  // Unreachable in practice: every repair removes or shortens something.
  throw new Error('The imported page could not be made valid');
}

function repair(input: Record<string, unknown>, issues: z.ZodError['issues'], ctx: Context) {
  const removals = new Map<string, { list: unknown[]; index: number; what: string; line: number; message: string }>();
  // A list that is too long is cut only once its items are valid, so that no valid item is cut instead.
  const tooLong = (issue: z.ZodError['issues'][number]) => issue.code === 'too_big' && Array.isArray(valueAt(input, issue.path as Path));
  const firstRound = issues.some((issue) => !tooLong(issue)) ? issues.filter((issue) => !tooLong(issue)) : issues;
  for (const issue of firstRound) {
    const path = issue.path as Path;
    const line = lineFor(input, path, ctx);
    const value = valueAt(input, path);
    if (issue.code === 'too_big' && (typeof value === 'string' || Array.isArray(value))) {
      setAt(input, path, value.slice(0, Number(issue.maximum)));
      const kept = typeof value === 'string' ? `Shortened to ${issue.maximum} characters` : `Only the first ${issue.maximum} kept`;
      warn(ctx, line, 'invalid', `${kept} (${path.join('.')})`);
      continue;
    }
    const target = removableItem(path);
    if (target) {
      const list = valueAt(input, target.listPath) as unknown[];
      removals.set(`${target.listPath.join('.')}.${target.index}`, {
        list,
        index: target.index,
        what: target.what,
        line,
        message: issue.message,
      });
    } else {
      setAt(input, path, undefined);
      warn(ctx, line, 'invalid', `${issue.message} (${path.join('.')}); left empty`);
    }
  }
  const ordered = [...removals.values()].sort((a, b) => b.index - a.index);
  for (const { list, index, what, line, message } of ordered) {
    list.splice(index, 1);
    warn(ctx, line, 'invalid', `This ${what} was left out: ${message}`);
  }
}

function removableItem(path: Path): { listPath: Path; index: number; what: string } | null {
  for (const { path: pattern, what } of REMOVABLE_LISTS) {
    const matches = pattern.every((part, i) => (part === '#' ? typeof path[i] === 'number' : path[i] === part));
    const index = path[pattern.length];
    if (matches && typeof index === 'number') return { listPath: path.slice(0, pattern.length), index, what };
  }
  return null;
}

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], root);
}

function setAt(root: unknown, path: Path, value: unknown) {
  const parent = valueAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]] = value;
}

/** The line of the deepest object on the path that came from a known line, else its section's heading. */
function lineFor(root: unknown, path: Path, ctx: Context): number {
  let line = ctx.sectionLine.get(sectionOf(path)) ?? 1;
  let node: unknown = root;
  for (const key of path) {
    node = (node as Record<string | number, unknown> | undefined)?.[key];
    if (node && typeof node === 'object') line = ctx.lineOf.get(node) || line;
  }
  return line;
}

/** The heading a path's error points at; the title, slug and year are read from the premise's heading. */
function sectionOf(path: Path): HeadedSectionId {
  const section = sectionOfPath(path);
  return section === null || section === 'film' ? 'premise' : section;
}
