import { expect, test } from '@playwright/test';
import { DEMO_PATH, LEVELS, demo, found, probesAt } from './reader-demo';

/** What is always visible (title, meta, Open Graph, JSON-LD, sitemap) is spoiler-safe at every level. */

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const jsonLd = (html: string) => {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/su.exec(html);
  return match ? JSON.parse(match[1]) : null;
};

for (const level of LEVELS) {
  test(`title, meta tags and JSON-LD hold no spoiler at ${level}`, async ({ request }) => {
    const html = await (await request.get(DEMO_PATH, { headers: { Cookie: `spoilers=${level}` } })).text();
    const { hidden } = probesAt('none');
    expect(found(head(html), hidden)).toEqual([]);
    const ld = jsonLd(html);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Movie', name: 'Kiss and Cry' });
    expect(found(JSON.stringify(ld), hidden)).toEqual([]);
    const actors = (ld.actor as Array<{ name: string }>).map((a) => a.name);
    const cast = demo.characters.filter((c) => c.playedBy).map((c) => c.playedBy!.name);
    expect(actors.every((name) => cast.includes(name))).toBe(true);
    for (const c of demo.characters) expect(JSON.stringify(ld)).not.toContain(c.description.slice(0, 30));

    expect(head(html)).toMatch(/<title>Kiss and Cry[^<]*<\/title>/u);
    expect(head(html)).toContain('<meta name="description"');
    expect(head(html)).toContain('<meta property="og:title" content="Kiss and Cry');
    expect(head(html)).toContain('<meta property="og:description"');
    expect(head(html)).toMatch(/<link rel="canonical" href="[^"]*\/films\/kiss-and-cry"/u);
  });
}

test('the head is the same whatever the level', async ({ request }) => {
  const heads = await Promise.all(
    LEVELS.map(async (level) =>
      head(await (await request.get(`${DEMO_PATH}?spoilers=${level}`)).text()).replace(/<script[^>]*>.*?<\/script>|<link[^>]*>/gsu, ''),
    ),
  );
  expect(heads[1]).toBe(heads[0]);
  expect(heads[2]).toBe(heads[0]);
});

test('sitemap lists the film and its people; robots keeps crawlers out of the editor', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/films/kiss-and-cry</loc>');
  expect(sitemap).toContain(`/people/${demo.characters[0].playedBy!.slug}</loc>`);
  expect(found(sitemap, probesAt('none').hidden)).toEqual([]);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /editor');
  expect(robots).toContain('Disallow: /api/v1/editor');
  // The level variants, in each language (their pages name the canonical one).
  for (const prefix of ['', '/fr']) {
    expect(robots).toContain(`Disallow: ${prefix}/films/*/level/`);
    expect(robots).toContain(`Disallow: ${prefix}/people/*/level/`);
  }
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/u);
});

test('unknown films and people answer 404 with a way on, in the HTML itself (no JavaScript needed)', async ({ page, request }) => {
  for (const path of ['/films/no-such-film', '/people/no-such-person', '/films/no-such-film/quiz', '/films/%E0%A4%A', '/no-such-page']) {
    const html = await request.get(path);
    expect(html.status(), path).toBe(404);
    // React separates text parts with empty comments: the heading is "Page<!-- --> not found".
    expect((await html.text()).replaceAll('<!-- -->', ''), path).toMatch(/<h1[^>]*>[^<]*not found<\/h1>/u);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('not found');
    await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse all films' })).toBeVisible();
  }
});
