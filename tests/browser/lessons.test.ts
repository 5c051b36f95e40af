// The lessons view: every lesson card with its sample numbers, in both languages; a lesson's button
// loads its grid into the Experiments view.
import { expect, test } from 'vitest';
import { openApp, useBrowser } from './helpers';
import { LESSONS } from '../../src/app/lessons/presets.ts';

const s = useBrowser();

test('the lesson cards show their explanation and the sample numbers; model lessons say they need one', async () => {
  const p = s.page;
  await openApp(p, '#/lessons');
  const cards = p.getByTestId('lesson-card');
  await expect(cards.count()).resolves.toBe(LESSONS.length);
  const strategies = p.locator('[data-lesson="strategies"]');
  await expect(strategies.locator('h3').textContent()).resolves.toBe('Estratégias lado a lado');
  const cells = await strategies.locator('[data-testid="lesson-sample"] tbody tr td:nth-child(2)').allTextContents();
  expect(cells).toEqual(['0,57', '0,734', '0,772', '0,785', '0,823', '0,911']);
  await expect(p.locator('[data-lesson="small-to-big"]').textContent()).resolves.toContain('3,5×');
  await expect(p.locator('[data-lesson="late-vs-naive"] [data-testid="lesson-needs-model"]').count()).resolves.toBe(1);
  await expect(p.locator('[data-lesson="tables-code"] [data-testid="lesson-inspector"]').getAttribute('href')).resolves.toBe('#/inspector');

  await p.getByTestId('lang-switch').selectOption('en');
  await expect(strategies.locator('h3').textContent()).resolves.toBe('Strategies side by side');
  await p.getByTestId('lang-switch').selectOption('pt-BR');
  expect(s.errors).toEqual([]);
});

test('a lesson button opens the Experiments view with the preset grid loaded', async () => {
  const p = s.page;
  await openApp(p, '#/lessons');
  await p.locator('[data-lesson="size-sweep"] [data-testid="lesson-open"]').click();
  await p.waitForURL(/#\/experiments$/);
  await expect(p.getByTestId('exp-preset').textContent()).resolves.toContain('Tamanho do chunk');
  await expect(p.getByTestId('exp-sizes').inputValue()).resolves.toMatch(/^64\D+128\D+256\D+512$/);
  await expect(p.getByTestId('exp-count').getAttribute('data-runs')).resolves.toBe('4');

  await p.goto(p.url().replace(/#.*$/, '#/lessons'));
  await p.locator('[data-lesson="overlap"] [data-testid="lesson-open"]').click();
  await p.waitForURL(/#\/experiments$/);
  await expect(p.getByTestId('exp-overlaps').inputValue()).resolves.toMatch(/^0\D+13\D+32$/);
  // fixed and recursive × three overlaps.
  await expect(p.getByTestId('exp-count').getAttribute('data-runs')).resolves.toBe('6');
  expect(s.errors).toEqual([]);
});
