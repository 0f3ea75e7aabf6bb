import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PATH, DEMO_SLUG, LEVELS, demo, fetchPage, probe } from './reader-demo';
import type { SpoilerLevel } from '../lib/spoilers/levels';

/**
 * The demo film in French (`/fr/films/kiss-and-cry`, its translation published by the seed): the
 * same items at the same levels and points as in English, nothing above the reader's level in its
 * HTML or RSC payload, a document in French, hreflang alternates, JSON-LD saying the page's
 * language, links between the languages that keep the level or point, the sitemap's alternates.
 */

const FRENCH_PATH = `/fr${DEMO_PATH}`;
const translation = JSON.parse(readFileSync(path.join(import.meta.dirname, '../prisma/demo/kiss-and-cry.fr.translation.json'), 'utf8')) as {
  texts: Record<string, string>;
};

type Leveled = { id: string; spoiler: SpoilerLevel };
const RANK: Record<SpoilerLevel, number> = { none: 0, light: 1, full: 2 };

/**
 * Probes of the French texts of list items (`events[e3].title`), each with its item's level in the
 * page (from the reviewed fixture, not the code) and, for events, its number in the timeline.
 */
const frenchProbes = Object.entries(translation.texts).flatMap(([key, text]) => {
  const match = /^(events|characters|themes|trivia)\[([^\]]+)\]\./u.exec(key);
  const piece = probe(text);
  // A probe that another text also holds would find that one ("quelques semaines après l…").
  if (!match || !piece || Object.entries(translation.texts).some(([other, t]) => other !== key && t.includes(piece))) return [];
  const items = (demo as unknown as Record<string, Leveled[]>)[match[1]];
  const index = items.findIndex((item) => item.id === match[2]);
  return [{ key, text: piece, level: items[index].spoiler, event: match[1] === 'events' ? index + 1 : null }];
});

/** An absolute address whose path is exactly `address`. */
const at = (address: string) => new RegExp(`^https?://[^/]+${address}$`, 'u');

/** The ids the page renders for items (`event-e3`, `character-c6`…): which items a reader got. */
const itemIds = (html: string) => [...html.matchAll(/id="((?:event|character|theme|trivia|still)-[^"]+)"/gu)].map((m) => m[1]).sort();

test.describe('the film list in French', () => {
  test('lists the films published in French, in French, linking to their French pages, and no axe violation', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Des films expliqués par couches');
    const card = page.locator('li', { has: page.locator(`a[href="${FRENCH_PATH}"]`) });
    // The demo's translation leaves the title in English (marked) and translates the premise and the poster's text.
    await expect(card.locator('h3')).toHaveAttribute('lang', 'en');
    await expect(card.locator('p[lang]')).toHaveCount(0);
    await expect(card).toContainText(translation.texts.premise.slice(0, 40));
    await expect(card.locator('img')).toHaveAttribute('alt', translation.texts['poster.alt']);
    for (const [hreflang, address] of [
      ['en', '/'],
      ['fr', '/fr'],
      ['x-default', '/'],
    ])
      await expect(page.locator(`head link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveAttribute('href', at(address));
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', at('/fr'));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    // The frame leads to the French list, and the language links between the two lists.
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Films' }).click();
    await expect(page).toHaveURL(at('/fr'));
    await page.getByRole('navigation', { name: 'Cette page dans d’autres langues' }).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(at('/'));
    await expect(page.locator(`head link[rel="alternate"][hreflang="fr"]`)).toHaveAttribute('href', at('/fr'));
    await page.getByRole('navigation', { name: 'This page in other languages' }).getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(at('/fr'));
    // The French film page's way back is the French list.
    await page.goto(FRENCH_PATH);
    await page.getByRole('link', { name: 'Films', exact: true }).first().click();
    await expect(page).toHaveURL(at('/fr'));
  });

  test('filters in French: the chips with their counts, the chosen ones, the orders and a filter that is no filter', async ({ page }) => {
    await page.goto('/fr');
    const facets = page.getByRole('navigation', { name: 'Parcourir les films' });
    await expect(facets.getByRole('heading', { name: 'Année' })).toBeVisible();
    await expect(facets).toContainText('Années 2010');
    await facets.getByRole('link', { name: /^2017 \d+$/u }).click();
    await expect(page).toHaveURL(/\/fr\?year=2017$/u);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 2, name: 'Films : 2017' })).toBeVisible();
    await expect(page.locator(`main a[href="${FRENCH_PATH}"]`)).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    const chosen = page.getByRole('navigation', { name: 'Filtres choisis' });
    await expect(chosen).toContainText('Affichés');
    await chosen.getByRole('link', { name: /2017.*retirer ce filtre : année/u }).click();
    await expect(page).toHaveURL(at('/fr'));
    await page.getByRole('navigation', { name: 'Trier les films' }).getByRole('link', { name: 'Titre de A à Z' }).click();
    await expect(page).toHaveURL(/\/fr\?sort=title$/u);
    await expect(page.locator('main a[aria-current="true"][data-sort="title"]')).toBeVisible();
    // The same list in English keeps the order.
    await expect(page.locator('[data-language-links] a[hreflang="en"]')).toHaveAttribute('href', '/?sort=title');
    // A genre is the films' fact as written: in English, marked so, in the chips and in the heading's sentence.
    await facets.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/fr\?genre=/u);
    await expect(page.locator('#films-heading span[lang="en"]')).toHaveCount(1);
    await expect(page.locator('[data-remove-filter="genre"] span[lang="en"]')).toHaveCount(1);
    await page.goto('/fr?country=CA');
    await expect(page.getByRole('heading', { level: 2, name: 'Films : Canada' })).toBeVisible();
    await page.goto('/fr?year=abcd');
    await expect(page.locator('[data-filter-problem="year"]')).toHaveText(
      'Ce n’est pas une année : quatre chiffres, de 1870 à 2100. Tous les films sont affichés.',
    );
    // The French list's filters never list a film that is not published in French.
    await page.goto('/fr?year=2017');
    for (const href of await page.locator('main li h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
      expect(href).toMatch(/^\/fr\/films\//u);
  });

  test('a French address that names nothing is the 404 page in French, in the French frame, its links staying in French', async ({
    page,
    request,
  }) => {
    // Rendered on the server: readable without JavaScript, with the 404 status.
    for (const address of ['/fr/films/no-such-film', '/fr/people/no-such-person', '/fr/_missing']) {
      const response = await request.get(address);
      expect(response.status(), address).toBe(404);
      // Kept by no cache, as the site's own 404 page: a page published there shows on the next request.
      expect(response.headers()['cache-control'], address).toMatch(/no-store/u);
      expect(response.headers()['surrogate-key'], address).toBeUndefined();
      const html = await response.text();
      expect(html, address).toMatch(/^<!DOCTYPE html><html lang="fr"/u);
      expect(html, address).toMatch(/<h1[^>]*>Page introuvable<\/h1>/u);
    }
    // proxy.ts's missing filtered list page, film, person and list page, and a page's own notFound()
    // (a person's level route: the translation's not-found page, its language picked in the browser).
    for (const address of [
      '/fr/page/999?genre=drama',
      '/fr/films/no-such-film',
      '/fr/people/no-such-person',
      '/fr/page/999999',
      '/fr/people/no-such-person/level/full',
    ]) {
      const response = await page.goto(address);
      expect(response!.status(), address).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page).toHaveTitle('Page introuvable · Film pages');
      await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
      const main = page.locator('main#main');
      await expect(main).not.toHaveAttribute('lang', /./u);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
      await expect(main.getByRole('search', { name: 'Rechercher des films et des personnes' })).toHaveAttribute('action', '/fr/search');
      await expect(main.getByRole('link', { name: 'Parcourir tous les films' })).toHaveAttribute('href', '/fr');
    }
    // A language the site lacks has no frame of its own: the site's 404 page, in English.
    const response = await page.goto('/de/films/no-such-film');
    expect(response!.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('main#main').getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });

  test('addresses and the API: page 1 has one address, a language the site lacks is a 404, ?locale= lists in French', async ({
    request,
  }) => {
    // A query that filters nothing: page 1's one address, its query kept.
    const unfiltered = await request.get('/fr/page/1?sort=published', { maxRedirects: 0 });
    expect(unfiltered.status()).toBe(308);
    expect(unfiltered.headers()['location']).toMatch(/^(?:https?:\/\/[^/]+)?\/fr\?sort=published$/u);
    expect((await request.get('/fr?sort=published')).status()).toBe(200);
    const first = await request.get('/fr/page/1', { maxRedirects: 0 });
    expect(first.status()).toBe(308);
    expect(first.headers()['location']).toMatch(/^(?:https?:\/\/[^/]+)?\/fr$/u);
    const films = await request.get('/fr/films', { maxRedirects: 0 });
    expect(films.status()).toBe(308);
    expect(films.headers()['location']).toMatch(/^(?:https?:\/\/[^/]+)?\/fr$/u);
    const own = await request.get('/en', { maxRedirects: 0 });
    expect(own.status()).toBe(308);
    expect(own.headers()['location']).toMatch(/^(?:https?:\/\/[^/]+)?\/$/u);
    // Past proxy.ts's address grammar (not a language tag's shape), the routes themselves refuse a language the site lacks.
    for (const missing of ['/de', '/de/page/2', '/fr/page/999999', '/abcd/page/2', '/Fr/page/2'])
      expect((await request.get(missing)).status(), missing).toBe(404);

    const api = await request.get('/api/v1/films?locale=fr&pageSize=100');
    expect(api.status()).toBe(200);
    expect(api.headers()['content-language']).toBe('fr');
    const body = (await api.json()) as {
      items: Array<{ slug: string; premise: string; url: string; href: string; untranslated?: { keys: string[] } }>;
    };
    const demoFilm = body.items.find((film) => film.slug === DEMO_SLUG);
    expect(demoFilm).toMatchObject({
      premise: translation.texts.premise,
      url: FRENCH_PATH,
      href: `/api/v1/films/${DEMO_SLUG}?locale=fr`,
      untranslated: { lang: 'en', keys: ['title'] },
    });
    const refused = await request.get('/api/v1/films?locale=de');
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('locale');
  });
});

test.describe('the film page in French', () => {
  test('shows the same items as in English at each level, and no French text above it', async ({ request }) => {
    expect(frenchProbes.length).toBeGreaterThan(20);
    for (const level of LEVELS) {
      const english = await fetchPage(request, `${DEMO_PATH}?spoilers=${level}`);
      const french = await fetchPage(request, `${FRENCH_PATH}?spoilers=${level}`);
      expect(french.status).toBe(200);
      expect(french.html).toMatch(/^<!DOCTYPE html><html lang="fr"/u);
      expect(english.html).toMatch(/^<!DOCTYPE html><html lang="en"/u);
      expect(itemIds(french.html)).toEqual(itemIds(english.html));
      for (const body of [french.html, french.rsc]) {
        const leaked = frenchProbes.filter((p) => RANK[p.level] > RANK[level] && body.includes(p.text));
        expect(
          leaked.map((p) => p.key),
          `${level}`,
        ).toEqual([]);
      }
      const shown = frenchProbes.filter((p) => RANK[p.level] <= RANK[level] && !french.html.includes(p.text));
      expect(
        shown.map((p) => p.key),
        `${level}`,
      ).toEqual([]);
    }
  });

  test('read up to a point: the same events as in English, none after it', async ({ request }) => {
    for (const point of [1, 3, 8]) {
      const english = await fetchPage(request, `${DEMO_PATH}/upto/${point}`);
      const french = await fetchPage(request, `${FRENCH_PATH}/upto/${point}`);
      expect(french.status).toBe(200);
      expect(itemIds(french.html)).toEqual(itemIds(english.html));
      expect(french.html).toContain(`jusqu’à l’événement ${point} sur 13`);
      const later = frenchProbes.filter((p) => p.event !== null && p.event > point);
      for (const body of [french.html, french.rsc]) expect(later.filter((p) => body.includes(p.text)).map((p) => p.key)).toEqual([]);
    }
  });

  test('is a French document: interface, hreflang, JSON-LD, and no axe violation', async ({ page }) => {
    await page.goto(FRENCH_PATH);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('navigation', { name: 'Niveau de divulgâchage' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'De quoi parle Kiss and Cry ?' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Kiss and Cry : tous les événements clés dans l’ordre' })).toBeVisible();
    for (const [hreflang, address] of [
      ['en', DEMO_PATH],
      ['fr', FRENCH_PATH],
      ['x-default', DEMO_PATH],
    ])
      await expect(page.locator(`head link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveAttribute('href', at(address));
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', at(FRENCH_PATH));
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld.mainEntityOfPage).toMatchObject({ '@type': 'WebPage', inLanguage: 'fr' });
    expect(ld.url).toMatch(at(FRENCH_PATH));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);

    await page.goto(DEMO_PATH);
    await expect(page.locator(`head link[rel="alternate"][hreflang="fr"]`)).toHaveAttribute('href', at(FRENCH_PATH));
    const english = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(english.mainEntityOfPage).toMatchObject({ inLanguage: 'en' });
  });

  test('a text the translation lacks reads in the page’s language, marked lang="en"; a translated one is not', async ({ page }) => {
    // The demo's translation leaves the title and the trivia in English (the fixture says so).
    expect(translation.texts.title).toBeUndefined();
    expect(Object.keys(translation.texts).filter((key) => key.startsWith('trivia['))).toEqual([]);
    expect(translation.texts['poster.alt']).toBeDefined();
    await page.goto(`${FRENCH_PATH}?spoilers=full`);
    await expect(page.locator('h1')).toHaveAttribute('lang', 'en');
    for (const item of demo.trivia) await expect(page.locator(`#trivia-${item.id} [lang="en"]`).first()).toContainText(probe(item.text)!);
    await expect(page.locator('img[data-focal], figure img').first()).not.toHaveAttribute('lang', /./u);
    // The lines under the headings are the interface's, in French (lib/page/reader-lines.ts).
    await expect(page.locator('#timeline [data-lede]')).toContainText(`${demo.events.length} événements clés dans l’ordre où ils arrivent`);
    await expect(page.locator('#characters [data-lede]')).toContainText(' : qui est chacun et son rôle dans l’histoire.');
    expect(await page.locator('[data-lede][lang]').count()).toBe(0);
    const marked = await page.locator('main [lang="en"]').evaluateAll((nodes) => nodes.map((node) => node.textContent ?? '').join('\n'));
    expect(frenchProbes.filter((p) => marked.includes(p.text)).map((p) => p.key)).toEqual([]);
    expect(await page.locator('#premise div[lang]').count()).toBe(0);
    // Tags and genres are never translated: marked where they appear. The facts' links lead to the French list.
    const traits = demo.characters.flatMap((c) => c.tags.map((tag) => tag.label));
    const settingTags = demo.setting?.tags.map((tag) => tag.label) ?? [];
    expect(traits.length + settingTags.length).toBeGreaterThan(0);
    for (const label of [...traits, ...settingTags].slice(0, 6))
      await expect(page.locator('main li[lang="en"]', { hasText: label }).first()).toBeVisible();
    const genres = demo.facts!.genres;
    expect(genres.length).toBeGreaterThan(0);
    for (const genre of genres) {
      const link = page.locator('#facts').getByRole('link', { name: genre, exact: true });
      await expect(link).toHaveAttribute('lang', 'en');
      await expect(link).toHaveAttribute('href', `/fr?genre=${encodeURIComponent(genre.toLowerCase())}`);
    }
    for (const href of await page.locator('#facts a[href*="?"]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/^\/fr\?(genre|year|country)=/u);
  });

  test('the language links keep the level or the point read up to', async ({ page }) => {
    await page.goto(`${DEMO_PATH}?spoilers=light`);
    await page.getByRole('navigation', { name: 'This page in other languages' }).getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(`${FRENCH_PATH}?spoilers=light`);
    await expect(page.getByText('Divulgâchage léger', { exact: true }).first()).toBeVisible();
    await expect(page.locator('[data-spoiler-level]')).toHaveAttribute('data-spoiler-level', 'light');

    await page.getByRole('navigation', { name: 'Cette page dans d’autres langues' }).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`${DEMO_PATH}?spoilers=light`);

    await page.goto(`${DEMO_PATH}?upto=3`);
    await page.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(`${FRENCH_PATH}?upto=3`);
    await expect(page.locator('[data-upto-showing]')).toContainText('jusqu’à l’événement 3 sur 13');
  });

  test('a level chosen in French is the film’s level in English too (one choice per film)', async ({ page }) => {
    await page.goto(FRENCH_PATH);
    await page
      .locator('aside')
      .getByRole('link', { name: /Tout révéler/u })
      .click();
    // Back where the reader was (the page's address, with the section they were reading).
    await expect(page).toHaveURL(new RegExp(`${FRENCH_PATH}(#[a-z-]+)?$`, 'u'));
    await expect(page.locator('[data-spoiler-level]')).toHaveAttribute('data-spoiler-level', 'full');
    await page.goto(DEMO_PATH);
    await expect(page.locator('[data-spoiler-level]')).toHaveAttribute('data-spoiler-level', 'full');
  });

  test('search in French: French words, stemmed, at the reader’s level only, linking to the French page', async ({ page, request }) => {
    // "fondations" finds "fondation" (French stemming), in the last event: full spoilers only.
    const full = await (await request.get('/fr/search?q=fondations&spoilers=full')).text();
    expect(full).toContain('Sa mort, et une fondation à son nom');
    expect(full).toMatch(/^<!DOCTYPE html><html lang="fr"/u);
    for (const level of ['none', 'light'] as const) {
      const body = await (await request.get(`/fr/search?q=fondations&spoilers=${level}`)).text();
      expect(body, level).not.toContain('fondation à son nom');
    }
    // The site's own language searches its own documents: the French word is not in them.
    expect(await (await request.get('/search?q=fondations&spoilers=full')).text()).not.toContain('fondation à son nom');

    // Suggestions while typing: the French titles, linking to the French pages.
    const suggested = await (await request.get('/api/v1/search/suggestions?q=kiss+and&locale=fr')).json();
    expect(suggested.suggestions).toContainEqual({ kind: 'film', label: 'Kiss and Cry', href: FRENCH_PATH });
    expect((await request.get('/api/v1/search/suggestions?q=kiss&locale=de')).status()).toBe(400);
    // The site's own language is a language too, as on the film list and the quiz: its titles, its pages.
    const own = await (await request.get('/api/v1/search/suggestions?q=kiss+and&locale=en')).json();
    expect(own.suggestions).toContainEqual({ kind: 'film', label: 'Kiss and Cry', href: DEMO_PATH });

    await page.goto(FRENCH_PATH, { waitUntil: 'networkidle' });
    const search = page.getByRole('search', { name: 'Rechercher sur le site' });
    await search.getByRole('searchbox').pressSequentially('kiss an', { delay: 30 });
    const panel = page.locator(`[id="${await search.getByRole('searchbox').getAttribute('aria-controls')}"]`);
    await expect(panel.getByRole('link', { name: /Kiss and Cry/u })).toHaveAttribute('href', FRENCH_PATH);
    await search.getByRole('searchbox').clear();
    await search.getByRole('searchbox').fill('entraîneurs');
    await search.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/fr\/search\?q=entra%C3%AEneurs$/u);
    await expect(page.getByRole('heading', { level: 1, name: 'Résultats pour « entraîneurs »' })).toBeVisible();
    await page.getByRole('link', { name: 'Kiss and Cry', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${FRENCH_PATH}(#[a-z0-9-]+)?$`, 'u'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('the quiz in French: its texts at the reader’s level only, scored with French explanations, with and without JavaScript', async ({
    page,
    browser,
  }) => {
    const questions = demo.quiz.questions;
    const frenchOf = (id: string, field: string) => translation.texts[`quiz.questions[${id}].${field}`];
    await page.goto(FRENCH_PATH);
    await page.getByRole('link', { name: /^Faire le quiz/u }).click();
    await expect(page).toHaveURL(new RegExp(`${FRENCH_PATH}/quiz$`, 'u'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Vous souvenez-vous bien de Kiss and Cry ?' })).toBeVisible();
    await expect(page.getByText('2 questions à ce niveau.')).toBeVisible();
    // Only the questions at none are in the page, in French; nothing of the others, in either language.
    const html = await page.content();
    for (const question of questions) {
      const texts = [frenchOf(question.id, 'prompt'), question.prompt];
      for (const text of texts)
        expect(html.includes(text), `${question.id}: ${text}`).toBe(question.spoiler === 'none' && text === texts[0]);
    }
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);

    await page.waitForLoadState('networkidle');
    await page.getByRole('radio', { name: /Toutes les questions/u }).check();
    await page.getByRole('radio', { name: /Toronto/u }).check();
    await page.getByRole('radio', { name: /À une fête/u }).check();
    await page.getByRole('button', { name: 'Vérifier mes réponses' }).click();
    await expect(page.getByRole('heading', { name: 'Votre score : 2 sur 2' })).toBeVisible();
    await expect(page.getByText(frenchOf('q1', 'explanation'))).toBeVisible();

    // Without JavaScript: the plain form, scored by the server, back to the French quiz with its results.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(`${FRENCH_PATH}/quiz`);
    await plain.getByRole('radio', { name: /Montréal/u }).check();
    await plain.getByRole('radio', { name: /À une fête/u }).check();
    await plain.getByRole('button', { name: 'Vérifier mes réponses' }).click();
    await expect(plain).toHaveURL(new RegExp(`${FRENCH_PATH}/quiz\\?attempt=`, 'u'));
    await expect(plain.getByRole('heading', { name: 'Votre score : 1 sur 2' })).toBeVisible();
    await expect(plain.getByText(frenchOf('q2', 'explanation'))).toBeVisible();
    await expect(plain.getByRole('link', { name: 'Refaire le quiz' })).toHaveAttribute('href', `${FRENCH_PATH}/quiz`);
    await context.close();
  });

  test('addresses: a language the site lacks is a 404, its own language has no prefix, the sitemap names both', async ({ request }) => {
    expect((await request.get(`/de${DEMO_PATH}`)).status()).toBe(404);
    expect((await request.get(`/fr/films/no-such-film`)).status()).toBe(404);
    expect((await request.get(`/fr/films/no-such-film/quiz`)).status()).toBe(404);
    expect((await request.get(`/de${DEMO_PATH}/quiz`)).status()).toBe(404);
    const ownQuiz = await request.get(`/en${DEMO_PATH}/quiz`, { maxRedirects: 0 });
    expect(ownQuiz.status()).toBe(308);
    expect(ownQuiz.headers()['location']).toMatch(new RegExp(`${DEMO_PATH}/quiz$`, 'u'));
    expect((await request.get(`${FRENCH_PATH}/level/extreme`)).status()).toBe(400);
    const own = await request.get(`/en${DEMO_PATH}?spoilers=full`, { maxRedirects: 0 });
    expect(own.status()).toBe(308);
    expect(own.headers()['location']).toMatch(new RegExp(`${DEMO_PATH}\\?spoilers=full$`, 'u'));
    const ownSearch = await request.get('/en/search?q=kiss', { maxRedirects: 0 });
    expect(ownSearch.status()).toBe(308);
    expect(ownSearch.headers()['location']).toMatch(/^(?:https?:\/\/[^/]+)?\/search\?q=kiss$/u);
    const sitemap = await (await request.get('/sitemaps/sitemap/films-0.xml')).text();
    expect(sitemap).toMatch(new RegExp(`<xhtml:link rel="alternate" hreflang="fr" href="[^"]*${FRENCH_PATH}"`, 'u'));
    expect(sitemap).toContain(`/films/${DEMO_SLUG}</loc>`);
  });
});

test.describe('the people pages in French', () => {
  // Dinara Drukarova plays "Sarah's mother" (c2), whose name and description the demo's French translates.
  const mother = demo.characters[1];
  const personSlug = mother.playedBy!.slug;
  const FRENCH_PERSON = `/fr/people/${personSlug}`;

  test('a person’s page in French: the document, its words, the film and character in French, hreflang, axe', async ({ page }) => {
    await page.goto(FRENCH_PERSON);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(mother.playedBy!.name);
    await expect(page.locator('main').getByText('Distribution', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Connu pour' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Filmographie' })).toBeVisible();
    await expect(page.locator('main')).toContainText('1 rôle dans 1 film sur ce site.');
    // The demo's French leaves the title in English: the link goes to the French page, its text marked lang="en".
    const film = page.getByRole('heading', { level: 4 }).getByRole('link');
    await expect(film).toHaveAttribute('href', FRENCH_PATH);
    await expect(film).toHaveAttribute('lang', 'en');
    const character = page.getByRole('link', { name: translation.texts[`characters[${mother.id}].name`] });
    await expect(character).toHaveAttribute('href', `${FRENCH_PATH}#character-${mother.id}`);
    await expect(character).not.toHaveAttribute('lang', /./u);
    await expect(page.locator('main')).toContainText(probe(translation.texts[`characters[${mother.id}].description`])!);
    for (const [hreflang, address] of [
      ['en', `/people/${personSlug}`],
      ['fr', FRENCH_PERSON],
      ['x-default', `/people/${personSlug}`],
    ])
      await expect(page.locator(`head link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveAttribute('href', at(address));
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', at(FRENCH_PERSON));
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'Person', mainEntityOfPage: { inLanguage: 'fr' } });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    // The language links keep the level; the English page links back to the French one.
    await page.getByRole('navigation', { name: 'Cette page dans d’autres langues' }).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(at(`/people/${personSlug}\\?spoilers=none`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 2, name: 'Known for' })).toBeVisible();
    await page.getByRole('navigation', { name: 'This page in other languages' }).getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(at(`${FRENCH_PERSON}\\?spoilers=none`));
  });

  test('nothing above the reader’s level: a part held back at none is neither named nor described', async ({ request }) => {
    const held = demo.characters.find((c) => c.spoiler !== 'none' && c.playedBy)!;
    // Its description in either language (its French name, where the translation has one), as probes that survive escaping.
    const texts = [
      held.description,
      translation.texts[`characters[${held.id}].description`],
      translation.texts[`characters[${held.id}].name`],
    ]
      .filter((text): text is string => Boolean(text))
      .map((text) => probe(text) ?? text);
    expect(texts.length).toBeGreaterThan(1);
    const none = await fetchPage(request, `/fr/people/${held.playedBy!.slug}?spoilers=none`);
    for (const text of texts) expect(none.html + none.rsc, text).not.toContain(text);
    expect(none.html).not.toContain(`character-${held.id}"`);
    expect(none.html).toContain('contient des révélations');
    // The note names the film by its title, which the demo's translation leaves in English: marked inside the French sentence.
    expect(translation.texts.title).toBeUndefined();
    expect(none.html).toMatch(
      new RegExp(`joue dans (<!-- -->)?<span lang="en">${demo.title}</span>(<!-- -->)? contient des révélations`, 'u'),
    );
    const full = await fetchPage(request, `/fr/people/${held.playedBy!.slug}?spoilers=full`);
    expect(full.html).toContain(`#character-${held.id}"`);
  });

  test('the index in French, the frame’s “Personnes”, and the addresses', async ({ page, request }) => {
    await page.goto('/fr');
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Personnes' }).click();
    await expect(page).toHaveURL(at('/fr/people'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personnes');
    await expect(page.locator(`main a[href="${FRENCH_PERSON}"]`)).toBeVisible();
    await expect(page.locator(`head link[rel="alternate"][hreflang="en"]`)).toHaveAttribute('href', at('/people'));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);

    for (const missing of ['/de/people/x', `/de/people/${personSlug}`, '/de/people', '/fr/people/no-such-person'])
      expect((await request.get(missing)).status(), missing).toBe(404);
    for (const [own, to] of [
      [`/en/people/${personSlug}`, `/people/${personSlug}`],
      ['/en/people', '/people'],
    ]) {
      const response = await request.get(own, { maxRedirects: 0 });
      expect(response.status(), own).toBe(308);
      expect(response.headers()['location']).toMatch(new RegExp(`^(?:https?://[^/]+)?${to}$`, 'u'));
    }
    expect((await request.get(`${FRENCH_PERSON}/level/extreme`)).status()).toBe(400);
    const sitemap = await (await request.get('/sitemaps/sitemap/people-0.xml')).text();
    expect(sitemap).toMatch(new RegExp(`<xhtml:link rel="alternate" hreflang="fr" href="[^"]*${FRENCH_PERSON}"`, 'u'));
  });
});
