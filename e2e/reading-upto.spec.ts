import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { DEMO_PATH, DEMO_SLUG, demo } from './reader-demo';
import { EVENTS, NOTE_KINDS_LINE, leaksIn, probesAt, probesAtLevel, readable } from './upto-probes';

/**
 * Reading up to a point on the demo film: at every point of its timeline (1 … 13 events seen),
 * chosen with "I've seen up to:" on the page (with and without JavaScript) and by `?upto=N`, the
 * HTML, the RSC payload and the JSON hold none of the first 8 words of any sentence revealed after
 * the point, and do hold what was revealed by it. The address in the bar never carries the choice.
 */

test.setTimeout(240_000);

const API = `/api/v1/films/${DEMO_SLUG}`;
const POINTS = Array.from({ length: EVENTS }, (_, n) => n + 1);

async function context(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled });
}

/** The RSC payload of an address: first redirected to add its `_rsc` parameter, followed by hand with the RSC header. */
async function rscOf(request: APIRequestContext, address: string) {
  let rsc = await request.get(address, { headers: { RSC: '1' }, maxRedirects: 0 });
  const location = rsc.headers()['location'];
  if (rsc.status() >= 300 && rsc.status() < 400 && location) rsc = await request.get(location, { headers: { RSC: '1' }, maxRedirects: 0 });
  return rsc;
}

for (const javaScriptEnabled of [false, true]) {
  test(`"I've seen up to" at every point, ${javaScriptEnabled ? 'with' : 'without'} JavaScript: nothing after it in HTML or JSON`, async ({
    browser,
  }) => {
    const reader = await context(browser, javaScriptEnabled);
    const page = await reader.newPage();
    await page.goto(DEMO_PATH);
    for (const n of POINTS) {
      const form = page.locator('aside form[data-upto-form]');
      await form.getByLabel('I’ve seen up to:').selectOption(String(n));
      await form.getByRole('button', { name: 'Show' }).click();
      await expect(page.locator('[data-upto-showing]').first()).toContainText(`up to event ${n} of ${EVENTS}`);
      // Without JavaScript the form loads a new document, streamed: read it once all of it has come.
      await page.waitForLoadState('load');
      // The choice lives in the cookie, never in the address someone might copy.
      expect(new URL(page.url()).pathname).toBe(DEMO_PATH);
      expect(new URL(page.url()).search).toBe('');

      const { hidden, shown } = probesAt(n);
      const html = await page.content();
      expect(leaksIn(html, hidden), `HTML up to ${n}`).toEqual([]);
      expect(leaksIn(html, shown).length, `HTML up to ${n} shows what was revealed`).toBe(shown.length);
      // As sent (the browser's DOM could hide what the server sent): the page again, and its JSON, by the same cookie.
      const sent = await reader.request.get(DEMO_PATH);
      expect(leaksIn(await sent.text(), hidden), `sent HTML up to ${n}`).toEqual([]);
      // Chosen by the cookie: a shared cache keeps it only under that cookie's value.
      expect(sent.headers()['vary']).toMatch(/cookie/iu);
      const json = await reader.request.get(API);
      const body = await json.text();
      expect(leaksIn(body, hidden), `JSON up to ${n}`).toEqual([]);
      const film = JSON.parse(body) as { upto: unknown; hidden: { contentNotes: number }; kind: { contentNoteKinds: string[] } };
      expect(film.upto).toEqual({ seen: n, events: EVENTS });
      // What the notes warn about, at every point; and the count of notes held back is the one the page says.
      expect(film.kind.contentNoteKinds).toEqual(['illness', 'death']);
      await expect(page.locator('[data-content-note-kinds]')).toContainText(NOTE_KINDS_LINE);
      const held = page.locator('[data-content-notes-held]');
      if (film.hidden.contentNotes === 0) await expect(held).toHaveCount(0);
      else await expect(held).toContainText(new RegExp(`^${film.hidden.contentNotes} (more )?content notes? (is|are) held back`, 'u'));
      // One mode at a time: the level panel claims no level.
      await expect(page.locator('aside nav[aria-label="Spoiler level"] [aria-current]')).toHaveCount(0);
    }
    // Nothing seen yet is the page at no spoilers.
    const start = page.locator('aside form[data-upto-form]');
    await start.getByLabel('I’ve seen up to:').selectOption('0');
    await start.getByRole('button', { name: 'Show' }).click();
    await expect(page.locator('[data-upto-showing]')).toHaveCount(0);
    await expect(page.locator('aside nav[aria-label="Spoiler level"] [aria-current]')).toHaveAttribute('data-level', 'none');
    await reader.close();
  });
}

test('?upto=N at every point: HTML, RSC and JSON hold nothing after it; a shared cache may keep it', async ({ request }) => {
  for (const n of POINTS) {
    const { hidden, shown } = probesAt(n);
    const html = await request.get(`${DEMO_PATH}?upto=${n}`);
    expect(html.status()).toBe(200);
    const text = await html.text();
    expect(leaksIn(text, hidden), `HTML ?upto=${n}`).toEqual([]);
    expect(leaksIn(text, shown).length, `HTML ?upto=${n} shows what was revealed`).toBe(shown.length);
    expect(html.headers()['cache-control']).not.toContain('private');
    const rsc = await rscOf(request, `${DEMO_PATH}?upto=${n}`);
    expect(rsc.status()).toBe(200);
    expect(rsc.headers()['content-type']).toMatch(/^text\/x-component/u);
    expect(leaksIn(await rsc.text(), hidden), `RSC ?upto=${n}`).toEqual([]);
    const json = await request.get(`${API}?upto=${n}`);
    const body = await json.text();
    expect(leaksIn(body, hidden), `JSON ?upto=${n}`).toEqual([]);
    expect(leaksIn(body, shown).length, `JSON ?upto=${n} shows what was revealed`).toBe(shown.length);
  }
  // The probes can find a leak: everything hidden at the start is in the page once every event is seen.
  const everything = await (await request.get(`${DEMO_PATH}?upto=${EVENTS}`)).text();
  expect(leaksIn(everything, probesAt(0).hidden).length).toBe(probesAt(0).hidden.length);
  // The plain address afterwards is still the no-spoiler page, whatever the caches kept.
  const plain = await (await request.get(DEMO_PATH)).text();
  expect(plain).not.toContain('data-upto-showing');
  expect(leaksIn(plain, probesAtLevel('none').hidden)).toEqual([]);
});

test('a malformed point is refused where it is set and in an address', async ({ request }) => {
  const set = await request.get(`/spoilers?upto=many&film=${DEMO_SLUG}&return=${DEMO_PATH}`, { maxRedirects: 0 });
  expect(set.status()).toBe(400);
  expect(await set.json()).toMatchObject({ errors: [{ path: 'upto' }] });
  const noFilm = await request.get(`/spoilers?upto=3&return=${DEMO_PATH}`, { maxRedirects: 0 });
  expect(noFilm.status()).toBe(400);
  expect(await noFilm.json()).toMatchObject({ errors: [{ path: 'film' }] });
  const refused = await request.get(`${API}?upto=-2`);
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ errors: [{ path: 'upto' }] });
});

test('the menu names later events by their minute, never their title; next and previous step one event', async ({ page }) => {
  await page.goto(DEMO_PATH);
  const options = await page.locator('aside form[data-upto-form] option').allTextContents();
  // At no spoilers: the events shown by title and minute, the rest by minute and number only.
  expect(options).toContain(`1. ${demo.events[0].title} (${demo.events[0].minute} min)`);
  expect(options).toContain(`${demo.events[EVENTS - 1].minute} min in: event ${EVENTS} of ${EVENTS} (the end)`);
  const hiddenTitles = probesAtLevel('none').hidden;
  expect(leaksIn(options.join('\n'), hiddenTitles)).toEqual([]);
  for (const event of demo.events.filter((e) => e.spoiler !== 'none')) expect(options.join('\n')).not.toContain(event.title);

  const form = page.locator('aside form[data-upto-form]');
  await form.getByLabel('I’ve seen up to:').selectOption('3');
  await form.getByRole('button', { name: 'Show' }).click();
  const showing = page.locator('[data-upto-showing]');
  await expect(showing).toContainText(`up to event 3 of ${EVENTS} (${demo.events[2].minute} min in)`);
  // One mode at a time: the parts say what is held back up to this point, not at a spoiler level.
  await expect(page.locator('#timeline')).toContainText(`${EVENTS} key events in the order they happen`);
  await expect(page.locator('#timeline')).toContainText('3 are shown up to this point');
  await expect(page.locator('main')).not.toContainText('at this spoiler level');
  // The next event by its number and minute only.
  const next = page.locator('a[data-upto-step="next"]');
  await expect(next).toHaveText(`Next event (4 of ${EVENTS}, ${demo.events[3].minute} min) →`);
  await next.click();
  await expect(showing).toContainText(`up to event 4 of ${EVENTS}`);
  await page.locator('a[data-upto-step="previous"]').click();
  await expect(showing).toContainText(`up to event 3 of ${EVENTS}`);
  for (let n = 3; n > 1; n--) {
    await page.locator('a[data-upto-step="previous"]').click();
    await expect(showing).toContainText(`up to event ${n - 1} of ${EVENTS}`);
  }
  // From the first event, back to the start: the page at no spoilers, its level claimed again.
  await page.locator('a[data-upto-step="previous"]').click();
  await expect(showing).toHaveCount(0);
  await expect(page.locator('aside nav[aria-label="Spoiler level"] [aria-current]')).toHaveAttribute('data-level', 'none');
  // At the end there is no next event.
  await page.goto(`${DEMO_PATH}?upto=${EVENTS}`);
  await expect(page.locator('a[data-upto-step="next"]')).toHaveCount(0);
  await expect(page.locator('a[data-upto-step="previous"]')).toHaveText(`← Previous event (${EVENTS - 1} of ${EVENTS})`);
});

test('out-of-range points: nothing seen yet redirects to the page at no spoilers, past the end is not found', async ({ request }) => {
  for (const address of [`${DEMO_PATH}/upto/0`, `${DEMO_PATH}?upto=0`, `${API}?upto=0`]) {
    const answer = await request.get(address, { maxRedirects: 0 });
    expect(answer.status(), address).toBe(308);
    expect(new URL(answer.headers()['location']!, 'http://x').search, address).toBe('?spoilers=none');
  }
  const followed = await request.get(`${DEMO_PATH}/upto/0`);
  expect(followed.status()).toBe(200);
  expect(leaksIn(await followed.text(), probesAtLevel('none').hidden)).toEqual([]);
  for (const address of [`${DEMO_PATH}/upto/99`, `${DEMO_PATH}?upto=${EVENTS + 1}`, `${API}?upto=99`])
    expect((await request.get(address, { maxRedirects: 0 })).status(), address).toBe(404);
});

test('content-note kinds at no spoilers: every kind shown, the held-back notes’ words in no HTML, RSC or JSON', async ({
  page,
  request,
}) => {
  await page.goto(DEMO_PATH);
  await expect(page.locator('[data-content-note-kinds]')).toHaveText(/illness, death — details with light spoilers/u);
  await expect(page.locator('[data-content-notes-held]')).toContainText('3 more content notes are held back');
  await expect(page.locator('[data-content-notes-held]')).toContainText('1 with light spoilers, 2 with full spoilers');
  const hiddenNotes = demo.kind.contentNotes.filter((note) => note.spoiler !== 'none').map((note) => note.label);
  for (const answer of [
    await request.get(`${DEMO_PATH}?spoilers=none`),
    await rscOf(request, `${DEMO_PATH}?spoilers=none`),
    await request.get(`${API}?spoilers=none`),
  ]) {
    const body = await answer.text();
    expect(readable(body)).toContain('illness');
    expect(leaksIn(body, hiddenNotes)).toEqual([]);
  }
  // The probes can find a leak: at full spoilers every note's words are there.
  expect(leaksIn(await (await request.get(`${DEMO_PATH}?spoilers=full`)).text(), hiddenNotes)).toEqual(hiddenNotes);
  const json = (await (await request.get(`${API}?spoilers=none`)).json()) as { kind: { contentNoteKinds: string[] } };
  expect(json.kind.contentNoteKinds).toEqual(['illness', 'death']);
});
