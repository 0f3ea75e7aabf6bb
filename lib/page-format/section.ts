import type { Context, Line } from './parse-context';

/**
 * One section of the page format, as a part's registry entry holds it: the lines written under
 * its heading and how they are read back. The driver (format-page.ts, parse-page.ts) writes the
 * headings, in the registry's order, and hands each section the lines under its heading.
 */
export type PageFormatSection = {
  /** The lines under the heading; null leaves the section out (a page without facts or images reads as before they existed). */
  format: (content: never) => string[] | null;
  /** The content the section's lines hold (some of the page's keys), with warnings in `ctx`. */
  parse: (body: Line[], ctx: Context) => object;
  /** Lists whose invalid items an import leaves out (one by one) instead of the whole field: their paths and what an item is called. */
  removable?: ReadonlyArray<{ path: ReadonlyArray<string | '#'>; what: string }>;
};
