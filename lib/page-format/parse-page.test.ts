import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filmContentSchema } from '../content/schema';
import { PageFormatError, parsePage, type PageWarning } from './parse-page';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../test-support/page-fixtures', name), 'utf8');
const page = (...lines: string[]) => lines.join('\n');
const brief = (warnings: PageWarning[]) => warnings.map(({ line, kind }) => [line, kind]);
const HEAD = 'What Is Test Film About?';

/** The one warning a small page gives, as [line, kind, message]. */
function onlyWarning(text: string): [number, string, string] {
  const { warnings } = parsePage(text);
  expect(warnings).toHaveLength(1);
  return [warnings[0].line, warnings[0].kind, warnings[0].message];
}

describe('fixtures', () => {
  it('reads a short film: no quiz, events without Where:, missing sections, a character without an actor', () => {
    const { content, warnings } = parsePage(fixture('short-film.page.txt'));
    expect(warnings).toEqual([]);
    expect(content.title).toBe('Harbour Lights');
    expect(content.story.split('\n\n')).toEqual([
      expect.stringContaining('Ines Morrow, played by Mara Quinn'),
      '> “A light is a promise,” she tells the ferryman.',
      expect.stringMatching(/^At dawn/u),
    ]);
    expect(content.events.map((e) => [e.title, e.when, e.where])).toEqual([
      ['The storm arrives', 'the first night', 'Gull Island'],
      ['The lamp goes dark', 'the second night', ''],
      ['Rescue at dawn', '', ''],
    ]);
    expect(content.events[1].description).toBe(
      'The lighthouse lamp fails while a trawler is still out at sea.\n\nInes climbs the tower with a toolbox and a torch.',
    );
    expect(content.characters).toEqual([
      {
        id: 'c1',
        name: 'Ines Morrow',
        playedBy: { name: 'Mara Quinn', slug: 'mara-quinn' },
        description: "The island's lighthouse keeper, stubborn and practical.",
        tags: [
          { emoji: '🔦', label: 'Keeper' },
          { emoji: '🌊', label: 'Stubborn' },
        ],
        spoiler: 'full',
      },
      {
        id: 'c2',
        name: 'The ferryman',
        playedBy: null,
        description: 'A man who reads the tides better than any chart.',
        tags: [{ emoji: '⛴️', label: 'Sailor' }],
        spoiler: 'full',
      },
    ]);
    expect(content.themes).toEqual([]);
    expect(content.setting).toEqual(filmContentSchema.parse({ title: 'x', slug: 'x' }).setting);
    expect(content.kind.tone.value).toBe('Tense');
    expect(content.kind.pacing.value).toBe('');
    expect(content.kind.ending.value).toBe('Hopeful');
    expect(content.kind.contentNotes.map((n) => [n.id, n.label])).toEqual([
      ['n1', 'storms'],
      ['n2', 'peril at sea'],
    ]);
    expect(content.quiz.questions).toEqual([]);
  });

  it('reads 12 events with CRLF line ends, straight quotes and a quiz with markers', () => {
    const text = fixture('twelve-events.page.txt');
    expect(text).toContain('\r\n');
    const { content, warnings } = parsePage(text);
    expect(warnings).toEqual([]);
    expect(content.title).toBe("Nan's Orchard");
    expect(content.slug).toBe('nans-orchard');
    expect(content.releaseYear).toBe(2021);
    expect(content.events).toHaveLength(12);
    expect(content.events[11]).toMatchObject({ id: 'e12', title: 'Harvest supper', where: "Nan's kitchen" });
    expect(content.events.some((e) => /\r/u.test(e.title + e.description + e.where))).toBe(false);
    expect(content.characters.map((c) => [c.name, c.playedBy?.slug, c.spoiler])).toEqual([
      ['Tom', 'ben-ohara', 'none'],
      ['Nan', 'rose-darcy', 'full'],
    ]);
    expect(content.quiz.questions).toEqual([
      {
        id: 'q1',
        prompt: 'What threatens the buds in April?',
        options: [
          { id: 'q1o1', text: 'Hail', correct: false },
          { id: 'q1o2', text: 'A late frost', correct: true },
          { id: 'q1o3', text: 'Deer', correct: false },
        ],
        explanation: 'A late frost, fought off with smudge pots.',
        spoiler: 'light',
      },
      {
        id: 'q2',
        prompt: 'Who writes from the care home?',
        options: [
          { id: 'q2o1', text: 'Nan', correct: true },
          { id: 'q2o2', text: 'Tom', correct: false },
        ],
        explanation: '',
        spoiler: 'full',
      },
    ]);
  });

  it('reports an unknown section and junk lines by line number, and keeps the rest', () => {
    const { content, warnings } = parsePage(fixture('unknown-section.page.txt'));
    expect(warnings.map((w) => [w.line, w.kind])).toEqual([
      [1, 'unplaced'],
      [4, 'section'],
      [8, 'unplaced'],
      [13, 'unplaced'],
      [15, 'unplaced'],
      [21, 'unplaced'],
      [28, 'unplaced'],
      [30, 'unplaced'],
      [39, 'unplaced'],
      [41, 'unplaced'],
      [45, 'unplaced'],
      [48, 'section'],
    ]);
    expect(warnings[1].message).toBe('Unknown or repeated section “Where Can I Watch Harbour Lights?”; its 2 lines (5–6) were skipped');
    expect(warnings[2].message).toBe('Not understood in the timeline, skipped: “Click an event to read more”');
    expect(warnings[11].message).toContain('its line 49 was skipped');
    expect(content.premise).toBe('A lighthouse keeper sits out a winter storm.');
    expect(content.story).toBe('Ines mends the lamp.');
    expect(content.events).toHaveLength(1);
    expect(content.characters[0].tags).toEqual([{ emoji: '🌊', label: 'Stubborn' }]);
    expect(content.setting).toMatchObject({
      era: '1950s',
      when: 'A time before radar on small boats.',
      tags: [{ emoji: '📻', label: 'Radio days' }],
    });
    expect(content.themes.map((t) => t.title)).toEqual(['Duty']);
    expect(content.kind.tone.value).toBe('Tense');
    expect(content.kind.moods.map((m) => m.label)).toEqual(['cosy']);
    expect(content.quiz.questions).toHaveLength(1);
  });

  it('reports every wrong derived count on its line', () => {
    const { warnings } = parsePage(fixture('wrong-counts.page.txt'));
    expect(warnings.every((w) => w.kind === 'count')).toBe(true);
    expect(warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '2: Premise words: the page says 99, the content has 8',
      '5: Story words: the page says 500, the content has 8',
      '5: Minutes of reading: the page says 5, the content has 1',
      '5: Cast member pages linked from the story: the page says 2, the content has 0',
      '9: Key events: the page says 5, the content has 2',
      '9: The first and last events: the page says “from “The storm” to “Rescue””, from the content it reads “from “The storm arrives” to “Rescue at dawn””',
      '9: Events naming a place: the page says 3, the content has 2',
      '9: Locations: the page says 3, the content has 1',
      '14: “Show the other events” comes after event 1; it belongs after event 10',
      '14: Events after the first ten: the page says 1, the content has 0',
      '15: This event is numbered 3 but is event 2',
      '20: Characters: the page says 3, the content has 1',
      '20: The first characters: the page says “Ines (Mara Quinn) and The ferryman”, from the content it reads “Ines Morrow (Mara Quinn)”',
      '26: The setting line: the page says “Harbour Lights is set in Gull Island and Scotland (1950s). Here is why the time and place matter to the story.”, from the content it reads “Harbour Lights is set in Gull Island (1950s). Here is why the time and place matter to the story.”',
      '32: Themes: the page says 2, the content has 1',
      '32: The first themes: the page says “Duty and Weather”, from the content it reads “Duty”',
      '34: This theme is numbered 02 but is theme 1',
      '38: The kind of film: the page says “Tense in tone, with quick pacing and a simple story, going by the plot summary.”, from the content it reads “Tense in tone, with steady pacing, going by the plot summary.”',
      '45: This question is numbered 2 but is question 1',
      '47: This option is lettered c) but is option b)',
    ]);
  });
});

describe('tolerance', () => {
  it('fails only when no title can be found', () => {
    expect(() => parsePage('')).toThrow(PageFormatError);
    expect(() => parsePage('Quiz\nQ1. Anything?')).toThrow(/No title found/u);
    try {
      parsePage(`What Is ${'x'.repeat(301)} About?`);
    } catch (error) {
      expect((error as PageFormatError).errors).toEqual([
        { line: 1, kind: 'invalid', message: expect.stringContaining('longer than 300') },
      ]);
    }
  });

  it('takes the title from the first heading that names one, whichever section it is', () => {
    const { content, warnings } = parsePage(page('Quiz', 'What Kind of Film Is Late Bloom?', '- Tone', '- Warm'));
    expect(content.title).toBe('Late Bloom');
    expect(content.kind.tone.value).toBe('Warm');
    expect(warnings).toEqual([]);
  });

  it('reads headings of titles with question marks and heading words in them', () => {
    const title = 'What About Us?';
    const { content, warnings } = parsePage(page(`What Is ${title} About?`, 'Text.', `What Happens in ${title}?`, 'Story.'));
    expect([content.title, content.premise, content.story, warnings]).toEqual([title, 'Text.', 'Story.', []]);
  });

  it('ignores blank lines, indentation, a byte order mark and old Mac line ends', () => {
    const text = '\uFEFF\r\n  What Is Test Film About?  \r\r   First.\r\n\r\n\tSecond.\n';
    expect(parsePage(text)).toEqual({
      content: expect.objectContaining({ premise: 'First.\n\nSecond.' }),
      warnings: [],
      sectionLines: { premise: 2 },
    });
  });

  it('accepts straight quotes where the exporter writes curly ones', () => {
    const text = page(
      "What Is Sam's Day About?",
      "Sam's Day Timeline: Every Key Event in Order",
      '1 key event in the order they happen, from "Morning" to "Morning". 0 events name a place, across 0 locations.',
      '- 1',
      'Morning',
    );
    expect(parsePage(text).warnings).toEqual([]);
  });

  it('reads a "Where:" line without "When:", and "When:" with an empty time', () => {
    const { content } = parsePage(
      page(HEAD, 'Test Film Timeline: Every Key Event in Order', '- 1', 'A', 'Where: Port', '- 2', 'B', 'When: Where:Dock'),
    );
    expect(content.events.map((e) => [e.when, e.where])).toEqual([
      ['', 'Port'],
      ['', 'Dock'],
    ]);
  });

  it('tells avatar lines from tag lines', () => {
    const { content } = parsePage(
      page('Who Are the Main Characters in Test Film?', '- AB', 'Ann Bell', '- Fan', '- Mom', '- ß', 'Bo', '- 🇨🇦 Canadian', '- 🎯'),
    );
    expect(content.characters.map((c) => [c.name, c.tags])).toEqual([
      [
        'Ann Bell',
        [
          { emoji: '', label: 'Fan' },
          { emoji: '', label: 'Mom' },
        ],
      ],
      [
        'Bo',
        [
          { emoji: '🇨🇦', label: 'Canadian' },
          { emoji: '', label: '🎯' },
        ],
      ],
    ]);
  });

  it('starts a character without an avatar line when a name is followed by "Played by"', () => {
    const { content, warnings } = parsePage(
      page(
        'Who Are the Main Characters in Test Film?',
        'Ann (Ann Actor)',
        'Played by Ann Actor',
        '- 🎯 Tag',
        'Bo (Bo Actor)',
        'Played by Bo Actor',
        'Bo is here.',
      ),
    );
    expect(warnings).toEqual([]);
    expect(content.characters.map((c) => [c.name, c.playedBy?.name, c.description])).toEqual([
      ['Ann', 'Ann Actor', ''],
      ['Bo', 'Bo Actor', 'Bo is here.'],
    ]);
  });

  it('keeps a name whose parenthesis is not the actor', () => {
    const { content } = parsePage(page('Who Are the Main Characters in Test Film?', '- X', 'Xavier (the coach)', 'Played by Xavier Dias'));
    expect(content.characters[0].name).toBe('Xavier (the coach)');
  });

  it('reads a setting with an empty era written as a dash and a place without text', () => {
    const { content, warnings } = parsePage(
      page(
        'Where and When Is Test Film Set?',
        'Test Film is set in Oslo. Here is why the place matters to the story.',
        'When',
        '—',
        'Long ago.',
        'Where',
        'Oslo',
      ),
    );
    expect(warnings).toEqual([]);
    expect(content.setting).toMatchObject({ era: '', when: 'Long ago.', place: 'Oslo', where: '' });
  });

  it('reads themes without the dash line and the kind of film without a derived line', () => {
    const { content, warnings } = parsePage(
      page(
        'What Are the Themes of Test Film?',
        '01',
        'Home',
        'Where we return.',
        '02',
        'Away',
        'What Kind of Film Is Test Film?',
        'Gentle summary.',
        '- calm',
      ),
    );
    expect(warnings).toEqual([]);
    expect(content.themes.map((t) => [t.id, t.title, t.description])).toEqual([
      ['t1', 'Home', 'Where we return.'],
      ['t2', 'Away', ''],
    ]);
    expect(content.kind.summary.text).toBe('Gentle summary.');
    expect(content.kind.moods.map((m) => m.label)).toEqual(['calm']);
  });

  it('reads single content notes, and the last period only once', () => {
    const { content } = parsePage(
      page('What Kind of Film Is Test Film?', 'Content notes: smoking, etc..', 'Content note: guns, knives [spoiler: light · id: weapons]'),
    );
    expect(content.kind.contentNotes).toEqual([
      { id: 'n1', label: 'smoking', kind: 'substance-use', spoiler: 'full' },
      { id: 'n2', label: 'etc.', kind: 'other', spoiler: 'full' },
      { id: 'weapons', label: 'guns, knives', kind: 'violence', spoiler: 'light' },
    ]);
  });

  it('maps known content notes to their kind by their words; a kind marker says otherwise', () => {
    const { content, warnings } = parsePage(
      page(
        'What Kind of Film Is Test Film?',
        'Content notes: terminal illness, death of a young person, a dog is hurt, heavy drinking, racist slurs.',
        'Content note: what happens at the lake [kind: death · spoiler: full]',
        'Content note: the storm [kind: weather]',
      ),
    );
    expect(content.kind.contentNotes.map((n) => [n.label, n.kind])).toEqual([
      ['terminal illness', 'illness'],
      ['death of a young person', 'death'],
      ['a dog is hurt', 'animal-harm'],
      ['heavy drinking', 'substance-use'],
      ['racist slurs', 'discrimination'],
      ['what happens at the lake', 'death'],
      ['the storm', 'other'],
    ]);
    expect(warnings.map((w) => w.message)).toEqual([expect.stringMatching(/Unknown content note kind “weather”/u)]);
  });

  it('reads an event’s minute into the film, and no minute where the line is not one', () => {
    const { content } = parsePage(
      page(
        'Test Film Timeline: Every Key Event in Order',
        '- 1',
        'Arrival',
        'She arrives.',
        'At: 45 min',
        'When:dawn Where:the port',
        '- 2',
        'Departure',
        'At: some point',
      ),
    );
    expect(content.events.map((e) => [e.title, e.minute, e.description])).toEqual([
      ['Arrival', 45, 'She arrives.'],
      ['Departure', undefined, 'At: some point'],
    ]);
  });

  it('reads markers back: levels, ids, slugs, release year', () => {
    const { content, warnings } = parsePage(
      page(
        HEAD,
        'Released: 1999',
        'Slug: test-film-1999',
        'Test Film Timeline: Every Key Event in Order',
        '- 1',
        'Start [spoiler: none · id: opening]',
        'Who Are the Main Characters in Test Film?',
        '- A',
        'Ann (Ann Lee) [spoiler: light]',
        'Played by Ann Lee [slug: ann-lee-2]',
        'Quiz',
        'Q1. Which? [id: which]',
        '  * a) This [id: this]',
        '  b) That',
      ),
    );
    expect(warnings).toEqual([]);
    expect(content.releaseYear).toBe(1999);
    expect(content.slug).toBe('test-film-1999');
    expect(content.events[0]).toMatchObject({ id: 'opening', title: 'Start', spoiler: 'none' });
    expect(content.characters[0]).toMatchObject({ name: 'Ann', playedBy: { name: 'Ann Lee', slug: 'ann-lee-2' }, spoiler: 'light' });
    expect(content.quiz.questions[0].id).toBe('which');
    expect(content.quiz.questions[0].options.map((o) => o.id)).toEqual(['this', 'q1o2']);
  });

  it('leaves text in brackets alone unless it is one of our markers', () => {
    const { content } = parsePage(page('Test Film Timeline: Every Key Event in Order', '- 1', 'The end [reprise]'));
    expect(content.events[0].title).toBe('The end [reprise]');
  });
});

describe('warnings', () => {
  it('text before the first section', () => {
    expect(onlyWarning(page('Menu', HEAD))).toEqual([1, 'unplaced', 'Text before the first section, skipped: “Menu”']);
  });

  it('a heading naming another title', () => {
    expect(onlyWarning(page(HEAD, 'What Happens in Other Film?', 'Story.'))).toEqual([
      2,
      'section',
      'This heading names “Other Film”; the page is about “Test Film”',
    ]);
  });

  it('a repeated section, and an unknown one', () => {
    const { warnings } = parsePage(page(HEAD, 'Text.', 'Is Test Film Based on a True Story?', 'Yes.', 'Quiz', 'Quiz', 'Q1. Again?'));
    expect(brief(warnings)).toEqual([
      [3, 'section'],
      [6, 'section'],
    ]);
  });

  it('a question naming the film stays text unless it reads like a heading', () => {
    const long = `Why would anyone who loves skating and family dramas not enjoy every single minute of Test Film and its story?`;
    const prose = ['And yet, who could dislike Test Film?', 'Why not watch the test film?', long];
    const { content, warnings } = parsePage(page(HEAD, ...prose));
    expect([content.premise, warnings]).toEqual([prose.join('\n\n'), []]);
  });

  it('timeline lines outside an event', () => {
    const { warnings } = parsePage(page('Test Film Timeline: Every Key Event in Order', 'Intro', '- 1', 'A', 'When:now', 'Extra'));
    expect(brief(warnings)).toEqual([
      [2, 'unplaced'],
      [6, 'unplaced'],
    ]);
  });

  it('an event without a title', () => {
    const { content, warnings } = parsePage(page('Test Film Timeline: Every Key Event in Order', '- 1', 'When:now Where:here'));
    expect(brief(warnings)).toEqual([[2, 'invalid']]);
    expect(content.events[0]).toMatchObject({ title: 'Untitled event', when: 'now', where: 'here' });
  });

  it('character lines that cannot be placed', () => {
    const { content, warnings } = parsePage(
      page('Who Are the Main Characters in Test Film?', '- 🎯 Early tag', '- A', 'Ann', '- 🎯 Tag', 'Stray line', '- B'),
    );
    expect(warnings.map((w) => [w.line, w.kind, w.message])).toEqual([
      [2, 'unplaced', 'Not understood in the characters, skipped: “- 🎯 Early tag”'],
      [6, 'unplaced', 'Not understood in the characters, skipped: “Stray line”'],
    ]);
    // With no name after it, a last "- B" can only be a tag.
    expect(content.characters[0].tags.map((t) => t.label)).toEqual(['Tag', 'B']);
  });

  it('setting lines that cannot be placed', () => {
    expect(onlyWarning(page('Where and When Is Test Film Set?', 'Where and when Test Film is set is not given yet.', 'Loose'))).toEqual([
      3,
      'unplaced',
      'Not understood in the setting, skipped: “Loose”',
    ]);
  });

  it('theme lines before the first theme, and a theme without a title', () => {
    const { content, warnings } = parsePage(page('What Are the Themes of Test Film?', 'Intro', '-', '01', '-', '02', 'Two'));
    expect(brief(warnings)).toEqual([
      [2, 'unplaced'],
      [3, 'invalid'],
    ]);
    expect(content.themes.map((t) => t.title)).toEqual(['Untitled theme', 'Two']);
  });

  it('kind values without a value, given twice, and lines after the moods', () => {
    const { content, warnings } = parsePage(
      page('What Kind of Film Is Test Film?', '- Tone', '- Warm', '- Tone', '- Cold', '- Pacing', 'Summary.', '- calm', 'After moods'),
    );
    expect(warnings.map((w) => [w.line, w.message])).toEqual([
      [4, '“Tone” is given twice; the last one is kept'],
      [6, '“Pacing” has no value under it; skipped'],
      [9, 'Not understood in the kind of film, skipped: “After moods”'],
    ]);
    expect(content.kind.tone.value).toBe('Cold');
    expect(content.kind.summary.text).toBe('Summary.');
  });

  it('quiz lines before a question or between options', () => {
    const { warnings } = parsePage(page(HEAD, 'Quiz', 'Intro', 'Q1. One?', '* a) Yes', 'Junk', 'b) No'));
    expect(brief(warnings)).toEqual([
      [3, 'unplaced'],
      [6, 'unplaced'],
    ]);
  });

  it('markers that cannot be used', () => {
    const { content, warnings } = parsePage(
      page(
        HEAD,
        'Released: 1066',
        'Slug: Not A Slug',
        'Test Film Timeline: Every Key Event in Order',
        '- 1',
        'A [spoiler: medium]',
        '- 2',
        'B [id: x · colour: red]',
        '- 3',
        'C [slug: c]',
        '- 4',
        'D [id: has space]',
        '- 5',
        'E [id: x]',
        'Who Are the Main Characters in Test Film?',
        '- A',
        'Ann',
        'Played by Ann Lee [slug: Ann Lee]',
        'What Kind of Film Is Test Film?',
        'Content notes: a, b. [id: ab]',
      ),
    );
    expect(warnings.map((w) => [w.line, w.kind, w.message])).toEqual([
      [2, 'marker', '“1066” is not a release year (1870–2100); left out'],
      [3, 'marker', '“Not A Slug” is not a slug (lowercase letters, digits, single hyphens); using the title’s'],
      [6, 'marker', 'Unknown spoiler level “medium” (use none, light or full)'],
      [8, 'marker', 'Unknown marker “colour: red”'],
      [10, 'marker', 'A “slug” marker is not used on this line'],
      [12, 'marker', 'The id “has space” is not a valid id; using “e4”'],
      [14, 'marker', 'The id “x” is used twice; using “e5”'],
      [18, 'marker', '“Ann Lee” is not a slug (lowercase letters, digits, single hyphens); using the name’s'],
      [20, 'marker', 'An id marker names one note; this line lists several, so the id is not used'],
    ]);
    expect(content.slug).toBe('test-film');
    expect(content.releaseYear).toBeNull();
    expect(content.events.map((e) => [e.id, e.title, e.spoiler])).toEqual([
      ['e1', 'A', 'full'],
      ['x', 'B', 'full'],
      ['e3', 'C', 'full'],
      ['e4', 'D', 'full'],
      ['e5', 'E', 'full'],
    ]);
    expect(content.characters[0].playedBy).toEqual({ name: 'Ann Lee', slug: 'ann-lee' });
    expect(content.kind.contentNotes.map((n) => n.id)).toEqual(['n1', 'n2']);
  });

  it('a positional id taken by an earlier marker gets a suffix, silently', () => {
    const { content, warnings } = parsePage(page('Test Film Timeline: Every Key Event in Order', '- 1', 'A [id: e2]', '- 2', 'B'));
    expect(warnings).toEqual([]);
    expect(content.events.map((e) => e.id)).toEqual(['e2', 'e2-2']);
  });

  it('content the schema refuses is left out or shortened, on its line', () => {
    const tags = Array.from({ length: 21 }, (_, i) => `- 🎯 Tag ${i + 1}`);
    const { content, warnings } = parsePage(
      page(
        'Who Are the Main Characters in Test Film?',
        '- A',
        'Ann',
        ...tags,
        '- B',
        'Bo',
        '-',
        '- 🎯 After an empty tag',
        'Quiz',
        'Q1. No answer?',
        'a) One',
        'b) Two',
        'Q2. Same options?',
        '* a) One',
        'b) one',
        'Q3. Fine?',
        '* a) Yes',
        'b) No',
        `Q4. ${'Long '.repeat(250)}?`,
        '* a) Yes',
        'b) No',
      ),
    );
    expect(warnings.map((w) => [w.line, w.kind, w.message])).toEqual([
      [3, 'invalid', 'Only the first 20 kept (characters.0.tags)'],
      [27, 'invalid', 'This tag was left out: Tag label is required'],
      [30, 'invalid', 'This quiz question was left out: Mark exactly one option as correct'],
      [35, 'invalid', 'This quiz question was left out: Options must differ'],
      [39, 'invalid', 'Shortened to 1000 characters (quiz.questions.3.prompt)'],
    ]);
    expect(content.characters[0].tags).toHaveLength(20);
    expect(content.characters[1].tags.map((t) => t.label)).toEqual(['After an empty tag']);
    expect(content.quiz.questions.map((q) => q.id)).toEqual(['q3', 'q4']);
    expect(content.quiz.questions[1].prompt).toHaveLength(999);
  });
});
