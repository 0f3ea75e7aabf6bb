import { expect, test, type Page } from '@playwright/test';
import { DEMO_PATH } from './reader-demo';

/**
 * The film page's layout with a poster (the demo film has one, and stills), measured at a phone's
 * and three desktop widths: the text column keeps a readable width, the poster, the title, the
 * infobox and the level control never overlap, and the level control starts in the first screen.
 * A screenshot of each width is attached to the report (look at them).
 */

type Box = { x: number; y: number; width: number; height: number };

const WIDTHS = [375, 1024, 1366, 1920] as const;

async function box(page: Page, selector: string): Promise<Box | null> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.width === 0 && r.height === 0 ? null : { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
    });
}

/** The descendants of `selector` that stick out of it sideways (a clipped control, a cut-off button). */
async function sticksOut(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .first()
    .evaluate((container) => {
      const outer = container.getBoundingClientRect();
      const out: string[] = [];
      if (container.scrollWidth > container.clientWidth + 1) out.push(`${container.tagName} scrolls sideways`);
      for (const el of Array.from(container.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < outer.left - 0.5 || r.right > outer.right + 0.5)
          out.push(
            `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" spans ${Math.round(r.left)}–${Math.round(r.right)} of ${Math.round(outer.left)}–${Math.round(outer.right)}`,
          );
      }
      return out;
    });
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of WIDTHS) {
  test(`the film page with a poster at ${width} px: a readable text column, nothing overlapping`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${DEMO_PATH}?spoilers=none`);
    const poster = page.getByRole('img', { name: /^Poster: / });
    await expect(poster).toBeVisible();
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await testInfo.attach(`film-page-${width}`, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });

    // The text column: the premise's paragraphs (beside the infobox only where both fit: never a
    // premise column narrower than 28rem) and a full-width section.
    const premiseText = (await box(page, '#premise p:last-of-type'))!;
    const timeline = (await box(page, '#timeline'))!;
    const desktop = width >= 960;
    expect(premiseText.width, 'the premise text column').toBeGreaterThanOrEqual(desktop ? 448 : width - 64);
    expect(timeline.width, 'a section of the text column').toBeGreaterThanOrEqual(desktop ? 600 : width - 64);

    const title = (await box(page, 'h1'))!;
    const posterBox = (await box(page, 'figure[data-image]'))!;
    const facts = (await box(page, '#facts'))!;
    expect(overlaps(posterBox, title), 'the poster overlaps the title').toBe(false);
    expect(overlaps(facts, title), 'the infobox overlaps the title').toBe(false);
    expect(overlaps(posterBox, premiseText), 'the poster overlaps the premise').toBe(false);
    expect(overlaps(facts, premiseText), 'the infobox overlaps the premise').toBe(false);
    // Nothing is wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    if (desktop) {
      // The level control: in its column beside the text, starting in the first screen, overlapping nothing.
      const control = (await box(page, 'aside'))!;
      expect(control.y, 'the level control starts in the first screen').toBeLessThan(900);
      expect(control.x, 'the level control is right of the text').toBeGreaterThanOrEqual(timeline.x + timeline.width);
      for (const [name, other] of Object.entries({ title, poster: posterBox, facts, premiseText }))
        expect(overlaps(control, other), `the level control overlaps the ${name}`).toBe(false);
    } else {
      await expect(page.locator('[data-film-bar]')).toBeVisible();
    }

    // The stills: the one at level none shows, beside nothing it could squeeze.
    const stills = page.locator('#images li[data-image]');
    await expect(stills).toHaveCount(1);
    expect((await box(page, '#images'))!.width).toBeGreaterThanOrEqual(desktop ? 600 : width - 64);
  });
}

// The level control's column with everything it can hold: the reading-point form with a long event
// title, the three levels' notes, the "every film" link, the contents. A wide select once pushed the
// column past its track and cut its "Show" button off at the window's edge.
for (const width of WIDTHS) {
  test(`the level control's column fits its content at ${width} px, reading up to a point`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${DEMO_PATH}?upto=4`);
    await expect(page.getByText(/up to event 4 of/).first()).toBeVisible();
    // Phones: the same controls in the bar's level menu, opened.
    const container = width >= 960 ? 'aside' : '[data-film-bar] details[open] > div';
    if (width < 960) await page.locator('[data-film-bar] summary').first().click();
    await testInfo.attach(`film-page-upto-${width}`, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
    expect(await sticksOut(page, container)).toEqual([]);
    // The "Show" button whole across (the column may scroll it vertically).
    const show = (await page.locator(`${container} form[data-upto-form] button[type=submit]`).boundingBox())!;
    expect(show.x, 'the "Show" button starts on the screen').toBeGreaterThanOrEqual(0);
    expect(show.x + show.width, 'the "Show" button ends on the screen').toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
