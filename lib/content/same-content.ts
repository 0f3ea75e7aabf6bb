/**
 * The one deep equality of page content (forms, revisions, diffs, the quiz): two JSON-like values are
 * the same when they would be the same JSON, whatever the order of their keys.
 *
 * - A key whose value is `undefined` equals a missing key: JSON has no `undefined`, and a form
 *   leaves optional fields `undefined` where a saved revision has no key at all.
 * - `NaN` equals `NaN` (an emptied number input), unlike `===`.
 * - Arrays are ordered; `null` differs from `undefined` and from `{}`.
 *
 * Pure, no Node built-ins: runs in the browser too.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameContent(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameContent(left[key], right[key])) return false;
  return true;
}
