import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { sampleFilm } from '../test-support/sample-film';
import { test, unique } from './support/editor-session';

/**
 * CSRF, as the attack run did it: an admin is signed in; a page on another port
 * of the same host (same site, so the browser sends the session cookie) posts to the editorial API
 * with `fetch(…, {mode: 'no-cors', credentials: 'include'})` and with a plain HTML form. Nothing
 * may change. The app's own same-origin calls keep working.
 */

let attacker: http.Server;
let attackerOrigin = '';
let html = '';

test.beforeAll(async () => {
  attacker = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

test('a page on another port cannot create a draft or unpublish a film with an admin cookie', async ({ signedInPage, baseURL }) => {
  const admin = await signedInPage('admin@example.com');
  const api = `${baseURL}/api/v1/editor/films`;
  const own = { origin: new URL(baseURL!).origin };

  // A film of this test's own (the sample page, not the demo film: other tests search the demo's
  // people), published for the unpublish attempt, and taken off the site at the end.
  const film = `e2e-csrf-${unique()}`;
  const content = sampleFilm({ slug: film, title: `Csrf ${film}`, quiz: { questions: [] } });
  expect((await admin.request.post(api, { data: { content }, headers: own })).status()).toBe(201);
  expect((await admin.request.post(`${api}/${film}/publish`, { data: { revision: 1 }, headers: own })).status()).toBe(200);

  const stolen = `e2e-csrf-stolen-${unique()}`;
  const payload = JSON.stringify({ content: { ...content, slug: stolen, title: 'Stolen' } });
  html = `<!doctype html><title>cute cats</title>
    <form id="f" method="post" enctype="text/plain" action="${api}"><input name='{"content":{"slug":"${stolen}","x":"' value='"}}'></form>
    <script>
      window.attack = () => Promise.all([
        fetch(${JSON.stringify(api)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(payload)} }),
        fetch(${JSON.stringify(`${api}/${film}/unpublish`)}, { method: 'POST', mode: 'no-cors', credentials: 'include' }),
      ]).then(() => 'sent');
    </script>`;

  const evil = await admin.context().newPage();
  await evil.goto(`${attackerOrigin}/`);
  expect(await evil.evaluate(() => (window as unknown as { attack: () => Promise<string> }).attack())).toBe('sent');
  // The form: the browser navigates to the API's answer.
  const answer = evil.waitForResponse((response) => response.url() === api && response.request().method() === 'POST');
  await evil.locator('#f').evaluate((form: HTMLFormElement) => form.submit());
  expect((await answer).status()).toBe(403);

  // Nothing changed: no stolen draft, the film is still published.
  expect((await admin.request.get(`${api}/${stolen}`)).status()).toBe(404);
  expect((await (await admin.request.get(`${api}/${film}`)).json()).published).toBe(1);

  // The app's own pages still write: a same-origin fetch from a signed-in page.
  const mine = await admin.evaluate(
    async ({ url, body }) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
    {
      url: api,
      body: JSON.stringify({ content: { ...content, slug: `${film}-own`, title: 'Own' } }),
    },
  );
  expect(mine).toBe(201);
  expect((await admin.request.post(`${api}/${film}/unpublish`, { headers: own })).status()).toBe(200);
});
