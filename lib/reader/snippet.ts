/** A search snippet as runs of text, the matched words marked. */
export type SnippetPart = { text: string; match: boolean };

const MARKED = /\u0002([^\u0002\u0003]*)\u0003/gu;
const stray = (text: string) => text.replace(/[\u0002\u0003]/gu, '');

/** Reads ts_headline output marked with \u0002 … \u0003 (see search-films.ts) into parts: no HTML involved. */
export function splitSnippet(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const match of marked.matchAll(MARKED)) {
    if (match.index > last) parts.push({ text: stray(marked.slice(last, match.index)), match: false });
    parts.push({ text: match[1], match: true });
    last = match.index + match[0].length;
  }
  if (last < marked.length) parts.push({ text: stray(marked.slice(last)), match: false });
  return parts.filter((part) => part.text !== '');
}
