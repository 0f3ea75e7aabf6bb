import { expect, test } from '@playwright/test';
import { countWords, placeFacts, readingMinutes, castOf, peopleNamedIn } from '../lib/content/derive';
import { DEMO_PATH, DEMO_SLUG, demo } from './reader-demo';

/** The film page: the seed's sections and headings, the counted lines, the links to people. */

const HEADINGS = [
  // Warnings first, at every level: the demo film has content notes.
  'Content notes',
  'What Is Kiss and Cry About?',
  'What Happens in Kiss and Cry?',
  'Kiss and Cry Timeline: Every Key Event in Order',
  'Who Are the Main Characters in Kiss and Cry?',
  'Where and When Is Kiss and Cry Set?',
  'What Are the Themes of Kiss and Cry?',
  'What Kind of Film Is Kiss and Cry?',
  // The demo film has trivia: its section comes after the kind of film.
  'Trivia About Kiss and Cry',
  // It has a poster and stills (prisma/demo/images), whose section comes before the quiz.
  'Poster and Stills From Kiss and Cry',
  'Quiz',
];

test('sections come in the seed’s order with its headings, at every level', async ({ page }) => {
  for (const level of ['none', 'full']) {
    await page.goto(`${DEMO_PATH}?spoilers=${level}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kiss and Cry');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(HEADINGS);
  }
});

test('the counted lines follow the counting rules', async ({ page }) => {
  const words = countWords(demo.story);
  const places = placeFacts(demo.events);
  const linked = peopleNamedIn(demo.story, castOf(demo.characters)).length;
  await page.goto(`${DEMO_PATH}?spoilers=full`);
  await expect(page.locator('#premise')).toContainText(
    `The premise of Kiss and Cry in ${countWords(demo.premise)} words, with nothing given away.`,
  );
  await expect(page.locator('#story')).toContainText(
    `The complete story of Kiss and Cry, from the first scene to the last, in ${words} words (about ${readingMinutes(words)} minutes). Spoilers throughout. Names in the text link to ${linked} cast member page${linked === 1 ? '' : 's'}.`,
  );
  await expect(page.locator('#story')).toContainText('Spoilers ahead');
  const first = demo.events[0].title;
  const last = demo.events[demo.events.length - 1].title;
  await expect(page.locator('#timeline')).toContainText(
    `${demo.events.length} key events in the order they happen, from “${first}” to “${last}”. ${places.eventsWithPlace} events name a place, across ${places.locations} locations.`,
  );
  await expect(page.locator('#characters')).toContainText(`${demo.characters.length} characters, among them`);
  await expect(page.locator('#themes')).toContainText(`${demo.themes.length} ideas the story keeps returning to`);
  await expect(page.locator('#themes')).toContainText('01');
});

test('below full, the timeline line names its last event only if it is visible', async ({ page }) => {
  const last = demo.events[demo.events.length - 1];
  await page.goto(`${DEMO_PATH}?spoilers=none`);
  const line = page.locator('#timeline > p').first();
  await expect(line).toContainText(`${demo.events.length} key events in the order they happen`);
  if (last.spoiler !== 'none') await expect(line).not.toContainText(last.title);
  await expect(page.locator('#story')).toContainText(`in ${countWords(demo.story)} words`);
});

test('the first ten events show, the others sit behind "Show the other N events"', async ({ page }) => {
  await page.goto(`${DEMO_PATH}?spoilers=full`);
  const others = demo.events.length - 10;
  await expect(page.locator('#timeline > ol > li')).toHaveCount(10);
  const summary = page.getByText(`Show the other ${others} events of Kiss and Cry`);
  await expect(summary).toBeVisible();
  await expect(page.getByRole('heading', { name: demo.events[10].title })).toBeHidden();
  await summary.click();
  await expect(page.getByRole('heading', { name: demo.events[10].title })).toBeVisible();
});

test('characters link to their actors’ pages, names in the story to theirs', async ({ page }) => {
  const character = demo.characters.find((c) => c.spoiler === 'none' && c.playedBy)!;
  await page.goto(`${DEMO_PATH}?spoilers=none`);
  const card = page.locator(`#character-${character.id}`);
  await expect(card).toContainText(character.name);
  await card.getByRole('link', { name: character.playedBy!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${character.playedBy!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(character.playedBy!.name);
  // The film is named twice on the person page: under "Known for" and in the list of their parts.
  await expect(page.locator(`#film-${DEMO_SLUG}`).getByRole('link', { name: /Kiss and Cry/ })).toBeVisible();

  const named = peopleNamedIn(demo.story, castOf(demo.characters));
  await page.goto(`${DEMO_PATH}?spoilers=full`);
  for (const person of named)
    await expect(page.locator('#story').getByRole('link', { name: person.name })).toHaveAttribute('href', `/people/${person.slug}`);
});

test('people pages show hidden parts as a placeholder only', async ({ request }) => {
  const hiddenPart = demo.characters.find((c) => c.spoiler !== 'none' && c.playedBy)!;
  const html = await (await request.get(`/people/${hiddenPart.playedBy!.slug}?spoilers=none`)).text();
  expect(html).toContain(hiddenPart.playedBy!.name);
  expect(html).toContain('contains spoilers');
  expect(html).not.toContain(hiddenPart.description.slice(0, 40));
  const full = await (await request.get(`/people/${hiddenPart.playedBy!.slug}?spoilers=full`)).text();
  expect(full).toContain(hiddenPart.name);
});

test('the quiz teaser links to the quiz page', async ({ page }) => {
  await page.goto(DEMO_PATH);
  await expect(page.locator('#quiz')).toContainText('How well do you remember Kiss and Cry? Test yourself on the story.');
  await expect(page.locator('#quiz').getByRole('link', { name: /Take the quiz/ })).toHaveAttribute('href', `${DEMO_PATH}/quiz`);
});

test('kind-of-film values are a definition list, tags are chips, avatars show initials', async ({ page }) => {
  await page.goto(`${DEMO_PATH}?spoilers=full`);
  await expect(page.locator('#kind dl dt').first()).toHaveText('Tone');
  await expect(page.locator('#kind dl dd').first()).toHaveText(demo.kind.tone.value);
  const first = demo.characters[0];
  await expect(
    page
      .locator(`#character-${first.id}`)
      .getByRole('list', { name: `Traits of ${first.name}` })
      .getByRole('listitem'),
  ).toHaveCount(first.tags.length);
});
