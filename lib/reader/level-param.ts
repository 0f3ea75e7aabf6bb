import { SPOILER_LEVELS, type SpoilerLevel } from '../spoilers/levels';

/** The `[level]` segment of an internal variant path; anything else is not a page (404). */
export function levelParam(value: string): SpoilerLevel | null {
  return (SPOILER_LEVELS as readonly string[]).includes(value) ? (value as SpoilerLevel) : null;
}
