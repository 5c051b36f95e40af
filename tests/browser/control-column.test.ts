// The Inspector's and Search's control column holds its content (issue 33): at 1366 and 1920 px, with
// the default strategy (the first screen the guide sends people to), nothing in the column is wider
// than the column — no horizontal scroll, and every field and help text inside it ends within it.
// Measured in the browser: scrollWidth against clientWidth, and each element's box against the column's.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, openApp, useBrowser } from './helpers';

const s = useBrowser();

/** What sticks out of the column `selector`: its own overflow, and each descendant wider than it or ending past its right edge. */
async function overflow(page: Page, selector: string): Promise<{ scroll: number; client: number; out: string[] }> {
  return page.locator(selector).first().evaluate((col) => {
    const box = col.getBoundingClientRect();
    const out: string[] = [];
    for (const el of col.querySelectorAll<HTMLElement>('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.right > box.right + 1 || r.left < box.left - 1) out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : el.dataset.param ? `[param=${el.dataset.param}]` : el.className ? `.${String(el.className).split(' ')[0]}` : ''} ${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} of ${Math.round(box.width)}`);
    }
    return { scroll: col.scrollWidth, client: col.clientWidth, out };
  });
}

for (const width of [1366, 1920]) {
  test(`at ${width} px the Inspector's and Search's control columns hold their content`, async () => {
    const { page } = s;
    await page.setViewportSize({ width, height: width === 1366 ? 768 : 1080 });
    await openApp(page);
    await page.goto(appUrl('#/inspector'));
    const insp = '[data-testid="insp-controls"]';
    await page.locator(`${insp} [data-param="maxTokens"]`).waitFor({ timeout: 60_000 });
    const a = await overflow(page, insp);
    expect(a.out, 'inspector: elements outside the column').toEqual([]);
    expect(a.scroll).toBeLessThanOrEqual(a.client);

    await page.goto(appUrl('#/search'));
    const search = '[data-testid="search-controls"]';
    await page.locator(`${search} [data-param="maxTokens"]`).waitFor({ timeout: 60_000 });
    const b = await overflow(page, search);
    expect(b.out, 'search: elements outside the column').toEqual([]);
    expect(b.scroll).toBeLessThanOrEqual(b.client);
    expect(s.errors).toEqual([]);
  }, 120_000);
}
