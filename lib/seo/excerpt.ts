/** The first sentences of a text up to about `max` characters, cut at a word, for descriptions. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const sentence = cut.lastIndexOf('. ');
  if (sentence > max * 0.5) return cut.slice(0, sentence + 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:.!?\s]+$/u, '')}…`;
}
