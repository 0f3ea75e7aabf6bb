/**
 * The page format: a film page as plain text, the way such pages already exist elsewhere
 * (see shared/seed/kiss-and-cry.txt), plus a few small markers so that
 * import → export → import gives back exactly the same content.
 *
 * One line per paragraph or field; blank lines mean nothing (the exporter puts one before each
 * heading and each quiz question, for the eye). Sections, in this order, each under its heading:
 *
 *   What Is {title} About?                         premise paragraphs
 *     Released: 2017                                 (marker) release year, when known
 *     Slug: other-slug                               (marker) only when the slug is not slugify(title)
 *   Facts About {title}                            only when the film has facts: "Release date: 2017-02-10",
 *                                                    "Runtime: 94 minutes", "Director: Name", "Genre: Drama",
 *                                                    "Country: Canada (CA)"… one line each (facts-lines.ts)
 *   What Happens in {title}?                       "Spoilers ahead", then story paragraphs ("> " quotes kept)
 *   {title} Timeline: Every Key Event in Order     per event: "- 3", title, description lines,
 *                                                    "When:{when} Where:{where}" (Where: optional,
 *                                                    the line is left out when both are empty)
 *   Who Are the Main Characters in {title}?        per character: avatar "- SI", "Name (Actor)",
 *                                                    "Played by Actor", description lines, tags "- 🎯 Label"
 *   Where and When Is {title} Set?                 "When", era, when lines, "Where", place, where lines, tags
 *   What Are the Themes of {title}?                per theme: "-", "01", title, description lines
 *   What Kind of Film Is {title}?                  "- Tone" / "- Bittersweet" pairs (Tone, Pacing, Story,
 *                                                    Intensity, Ending), summary lines, mood lines "- hopeful",
 *                                                    "Content notes: a, b, c."
 *   Trivia About {title}                           only when the film has trivia: the section line, then per
 *                                                    item "- " and its text (sections/trivia.ts)
 *   Poster and Stills From {title}                 only when the page has images:
 *     Poster: /media/{id} [spoiler: none]            the image's address (or id), then "Alt: …"
 *     Alt: Carley on the ice
 *     Still: /media/{id} [spoiler: light · id: s2]   per still: address, "Alt: …", "Caption: …" (optional)
 *   Quiz                                           teaser, then the questions:
 *
 *     Q1. Which sport does Carley train for? [spoiler: none]
 *       a) Ice hockey
 *       * b) Figure skating                          "*" marks the one correct option
 *       c) Speed skating
 *       Explanation: She skates for the national team.   (more lines: more paragraphs)
 *
 * Derived lines (the word counts, the timeline's "13 key events …", "Show the other 3 events …",
 * "7 characters, among them …", the setting, themes and kind lines, the quiz teaser) are computed
 * here from the counting rules in lib/content/derive.ts; the parser skips them and checks them.
 *
 * Markers are written only where the content differs from what a page without markers imports as:
 * a trailing "[spoiler: light · id: e3]" on the line that names an item
 *   - spoiler: written when not `full` (the safe default of an import without markers);
 *   - id: written when not the positional id (e1…, c1…, t1…, m1…, n1…, q1…, s1…, option q1o1…);
 *   - slug: on a "Played by" line, when the person's slug is not slugify(their name).
 * Where: event title line; character name line; the setting line under its heading (the whole
 * setting); theme title line; a poster or still line; a kind value line ("- Sad [spoiler: full]"); the first summary line
 * (alone on its own line when the summary is empty); a mood line; a "Content notes:" line (all the
 * notes on it); a quiz question line; an option line (id only).
 * Content notes that share a level and have positional ids go on one "Content notes: a, b." line
 * per run; a note with its own id or a comma in it goes alone on a "Content note: a, b" line.
 * An empty era or place with text under it is written as "—"; an empty kind value with a level as "-".
 *
 * What the format cannot carry: line breaks inside one-line fields and more than one line break
 * between paragraphs (the exporter flattens both); tags whose emoji has letters or spaces; text
 * lines that read as structure (a paragraph "- 5", "When:…", "Q1. …", a heading, a description
 * line that is just "02" under a theme). Real prose never does; the property test in
 * format-page.test.ts states the domain exactly (test-support/arbitrary-content.ts).
 */
import type { FilmContent } from '../content/schema';
import { HEADED_PARTS } from '../page/parts';
import { PAGE_FORMAT_SECTIONS } from './sections';

/** The page in the page format: each part's section (lib/page-format/sections) under its heading, in page order. */
export function formatPage(content: FilmContent): string {
  const sections = HEADED_PARTS.flatMap((part) => {
    const lines = (PAGE_FORMAT_SECTIONS[part.id].format as (content: FilmContent) => string[] | null)(content);
    return lines ? [[part.heading(content.title), ...lines]] : [];
  });
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}
