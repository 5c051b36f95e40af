// Keyboard and assistive-technology basics in a real browser, on the workspace and the inspector:
// every control has an accessible name, the Tab key walks the header in order starting with the
// skip link, focus is visibly outlined, and the layout fits a 1366×768 laptop without sideways scrolling.
import { expect, test } from 'vitest';
import { openApp, useBrowser } from './helpers';

const s = useBrowser({ viewport: { width: 1366, height: 768 } });

/** Controls without an accessible name (aria-label, label element, text, or title). */
async function unnamedControls(): Promise<string[]> {
  return s.page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')) {
      if (el.getAttribute('aria-hidden') === 'true' || (el as HTMLInputElement).type === 'hidden') continue;
      const labels = (el as HTMLInputElement).labels;
      const name =
        el.getAttribute('aria-label') ||
        (labels && [...labels].map((l) => l.textContent).join(' ')) ||
        el.textContent ||
        el.getAttribute('title') ||
        '';
      if (!name.trim()) out.push(el.outerHTML.slice(0, 120));
    }
    return out;
  });
}

async function noSidewaysScroll() {
  expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('the workspace: named controls, header tab order from the skip link, visible focus, fits 1366×768', async () => {
  await openApp(s.page);
  expect(await unnamedControls()).toEqual([]);
  await noSidewaysScroll();
  await s.page.locator('body').focus();
  await s.page.keyboard.press('Tab');
  const first = await s.page.evaluate(() => ({ text: document.activeElement?.textContent, href: document.activeElement?.getAttribute('href') }));
  expect(first).toEqual({ text: 'Pular para o conteúdo', href: '#main' });
  const order: string[] = [];
  for (let i = 0; i < 8; i++) {
    await s.page.keyboard.press('Tab');
    order.push(
      await s.page.evaluate(
        () => document.activeElement?.getAttribute('data-view') ?? document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? '',
      ),
    );
  }
  expect(order).toEqual(['workspace', 'inspector', 'search', 'experiments', 'results', 'lessons', 'model-button', 'lang-switch']);
  // Focus is drawn: the focused control has an outline.
  const outline = await s.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
  // Enter on a focused nav link changes the view.
  // From the language switch back to "inspector": six steps (model button, lessons … search, inspector).
  for (let i = 0; i < 6; i++) await s.page.keyboard.press('Shift+Tab');
  expect(await s.page.evaluate(() => document.activeElement?.getAttribute('data-view'))).toBe('inspector');
  await s.page.keyboard.press('Enter');
  await s.page.getByRole('heading', { name: 'Inspetor de chunks', level: 2 }).waitFor();
  expect(s.errors).toEqual([]);
});

test('the inspector: named controls and chunk markers, fits 1366×768', async () => {
  await openApp(s.page, '#/inspector');
  await s.page.getByTestId('chunk-marker').first().waitFor({ timeout: 60_000 });
  expect(await unnamedControls()).toEqual([]);
  await noSidewaysScroll();
  // The document text starts within the first screen.
  const top = await s.page.getByTestId('doc-text').evaluate((e) => e.getBoundingClientRect().top);
  expect(top).toBeLessThan(768);
  // A chunk marker is a button that announces its number and token count.
  const label = await s.page.getByTestId('chunk-marker').first().getAttribute('aria-label');
  expect(label).toMatch(/^Chunk 1, \d+ tokens/);
  expect(s.errors).toEqual([]);
});
