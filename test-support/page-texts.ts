/**
 * The texts of a page response, as the leak tests compare them: pieces between tags, quotes and
 * escapes, long enough to name one item. Inline scripts that are code (React's streaming runtime,
 * `$RC(…)`, Next's metadata hoisting, Turbopack's bootstrap) are taken out first: whether they are
 * sent depends on how fast parts of the render finished (a late boundary is streamed with the
 * runtime that puts it in place), not on the reader, so a text of theirs seen in one reader's page
 * and not another's says nothing about levels. Data stays: the RSC payload (`self.__next_f`) and JSON-LD.
 */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/giu;
const isData = (attributes: string, content: string) =>
  /\btype=["']?application\/(?:ld\+)?json/iu.test(attributes) || /^\s*\(?self\.__next_f\b/u.test(content);

export function withoutCode(body: string): string {
  return body.replace(SCRIPT, (script, attributes: string, content: string) => (isData(attributes, content) ? script : ''));
}

export function pageTexts(body: string): Set<string> {
  return new Set(
    withoutCode(body)
      .split(/<[^>]*>|["\\{}[\]]|&[a-z]+;|&#\d+;/u)
      .map((text) => text.trim())
      .filter((text) => text.length >= 16 && /[a-z]{4}/iu.test(text)),
  );
}
