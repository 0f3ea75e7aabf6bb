import type { FieldError } from '../content/schema';
import { ValidationError } from '../errors';
import { unsafeTextReason } from './request-guard.mjs';

/** Deeper than any valid input (a film page nests 4 levels); deeper input is refused, not walked. */
const MAX_DEPTH = 32;

/**
 * The first string (value or object key) in `value` that PostgreSQL cannot store, named by its
 * path like a zod error ("content.events.0.title"), or null. Applied where input enters (request
 * bodies, queries and route params, server-action input), so every schema behind gets clean text.
 */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): FieldError | null {
  const name = () => path.join('.') || '(root)';
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    return reason ? { path: name(), message: reason } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return { path: name(), message: 'is nested too deeply' };
  for (const [key, item] of Object.entries(value)) {
    const keyReason = unsafeTextReason(key);
    if (keyReason) return { path: name(), message: `has a field name that ${keyReason}` };
    const found = findUnsafeText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws a 400 naming the field when `value` holds text that cannot be stored. */
export function assertSafeText(value: unknown, path: string[] = []): void {
  const found = findUnsafeText(value, path);
  if (found) throw new ValidationError([found]);
}
