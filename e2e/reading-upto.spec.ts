import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { DEMO_PATH, DEMO_SLUG, demo } from './reader-demo';
import { EVENTS, leaksIn, probesAt, probesAtLevel } from './upto-probes';

/**
 * Reading up to a point on the demo film: at every point of its timeline (0 … 13 events seen),
 * chosen with "I've seen up to:" on the page (with and without JavaScript) and by `?upto=N`, the
 * HTML, the RSC payload and the JSON hold none of the first 8 words of any sentence revealed after
 * the point, and do hold what was revealed by it. The address in the bar never carries the choice.
 */

test.setTimeout(240_000);

const API = `/api/v1/films/${DEMO_SLUG}`;
const POINTS = Array.from({ length: EVENTS + 1 }, (_, n) => n);

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
      expect(sent.headers()['cache-control']).toContain('private');
      const json = await reader.request.get(API);
      const body = await json.text();
      expect(leaksIn(body, hidden), `JSON up to ${n}`).toEqual([]);
      expect((JSON.parse(body) as { upto: unknown }).upto).toEqual({ seen: n, events: EVENTS });
    }
    // Only the events seen are named in the choice; later ones by their number alone.
    const options = await page.locator('aside form[data-upto-form] option').allTextContents();
    expect(options.join('\n')).toContain(demo.events[EVENTS - 1].title);
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

test('a malformed point is refused where it is set, and ignored in an address', async ({ request }) => {
  const set = await request.get(`/spoilers?upto=many&film=${DEMO_SLUG}&return=${DEMO_PATH}`, { maxRedirects: 0 });
  expect(set.status()).toBe(400);
  expect(await set.json()).toMatchObject({ errors: [{ path: 'upto' }] });
  const noFilm = await request.get(`/spoilers?upto=3&return=${DEMO_PATH}`, { maxRedirects: 0 });
  expect(noFilm.status()).toBe(400);
  expect(await noFilm.json()).toMatchObject({ errors: [{ path: 'film' }] });
  const ignored = await request.get(`${API}?upto=-2`);
  expect((await ignored.json()) as object).not.toHaveProperty('upto');
});
