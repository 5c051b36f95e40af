// Where focus and the page land (issue 33): a grid run from the keyboard ends with focus on what it
// says (not on the body); "See results" opens Results at its top with focus on its title; the skip
// link lands on the view's title, not on the guide above it; the nav does the same for every section.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, openGrid, useBrowser, waitSaved } from './helpers';

const s = useBrowser({ viewport: { width: 1366, height: 768 } });

/** The focused element: its tag, id, test id, and whether it sits in the guide or is the body. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return { tag: a?.tagName.toLowerCase() ?? '', id: a?.id ?? '', testid: a?.dataset.testid ?? '', inGuide: !!a?.closest('[data-testid="guide"]'), body: !a || a === document.body };
  });

test('a grid run from the keyboard ends with focus on its outcome; "See results" opens Results at its top, focus on its title', async () => {
  const { page } = s;
  await openApp(page);
  await openGrid(page);
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('2');
  // Scrolled down to the run button, as a user is; run it with the keyboard.
  await page.getByTestId('exp-run').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  await waitSaved(page);
  await expect.poll(async () => (await focused(page)).testid).toBe('exp-finished');

  // Follow "See results" from where the grid left the page (scrolled to the finished banner).
  await page.getByTestId('exp-finished').scrollIntoViewIfNeeded();
  await page.getByTestId('exp-finished').getByRole('link').click();
  await page.waitForURL(/#\/results$/);
  await page.getByTestId('res-table').waitFor();
  await expect.poll(async () => (await focused(page)).id).toBe('res-title');
  const top = await page.locator('#res-title').evaluate((h) => h.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(await page.evaluate(() => window.innerHeight / 2));
  expect(s.errors).toEqual([]);
}, 240_000);

test('the skip link lands on the view title, not on the guide; the nav focuses each section title', async () => {
  const { page } = s;
  await page.goto(page.url().replace(/#.*$/, '') + '#/workspace');
  await page.reload();
  await waitSaved(page);
  await page.getByTestId('corpus-title').waitFor();
  // The guide is open (as on a first visit) above the view.
  if (!(await page.getByTestId('guide').count())) await page.getByTestId('help-button').click();
  await page.getByTestId('guide').waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  expect((await focused(page)).testid).toBe('skip-link');
  await page.keyboard.press('Enter');
  const f = await focused(page);
  expect(f.inGuide).toBe(false);
  expect(f.body).toBe(false);
  expect(f.tag).toBe('h2');
  expect(f.id).toBe('corpora-title');

  for (const [view, title] of [['inspector', 'insp-title'], ['lessons', ''], ['results', 'res-title']] as const) {
    await page.locator(`nav a[data-view="${view}"]`).click();
    await expect.poll(async () => (await focused(page)).tag).toBe('h2');
    const now = await focused(page);
    expect(now.inGuide).toBe(false);
    if (title) expect(now.id).toBe(title);
  }
  expect(s.errors).toEqual([]);
}, 120_000);
