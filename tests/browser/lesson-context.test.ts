// The context lesson in a real browser: its button adds the sample's context questions (questions that
// need their section's heading) to the sample corpus once, selects them in the Experiments view with
// the header off/on grid, and the runs give the figures the lesson card quotes.
import { expect, test } from 'vitest';
import { openApp, savedResults, useBrowser, waitSaved } from './helpers';
import { LESSONS } from '../../src/app/lessons/presets.ts';

const s = useBrowser();

test('the context lesson loads its own questions and its runs give the quoted figures', async () => {
  const p = s.page;
  await openApp(p, '#/lessons');
  const card = p.locator('[data-lesson="context"]');
  await expect(card.locator('h3').textContent()).resolves.toBe('Quando a pergunta depende do título da seção');
  await card.getByTestId('lesson-open').click();
  await p.waitForURL(/#\/experiments$/);
  const qs = p.getByTestId('exp-qs');
  await expect.poll(async () => (await qs.locator('option:checked').textContent()) ?? '').toMatch(/Perguntas que dependem do título .*\(8\)/);
  await expect(p.getByTestId('exp-count').getAttribute('data-runs')).resolves.toBe('4');
  await p.getByTestId('exp-run').click();
  await p.getByTestId('exp-finished').waitFor({ timeout: 180_000 });
  await waitSaved(p);
  const quoted = LESSONS.find((l) => l.id === 'context')!.sample!['pt-BR']!;
  const files = (await savedResults(p)).map((f) => f.results).filter((r) => r.questions.length === 8);
  expect(files).toHaveLength(4);
  for (const q of quoted) {
    const f = files.find((r) => r.config.chunker === q.chunker && (r.config.params as { header?: boolean }).header === q.header)!;
    expect(f, `${q.chunker} ${q.header}`).toBeTruthy();
    expect(Math.abs(f.metrics['hit@5'] - q.hit5)).toBeLessThan(0.0005);
  }
  // Opening the lesson again reuses the set.
  await p.goto(p.url().replace(/#.*$/, '#/lessons'));
  await p.locator('[data-lesson="context"] [data-testid="lesson-open"]').click();
  await p.waitForURL(/#\/experiments$/);
  const names = await qs.locator('option').allTextContents();
  expect(names.filter((n) => n.includes('dependem do título'))).toHaveLength(1);
  await p.getByTestId('lang-switch').selectOption('en');
  await p.goto(p.url().replace(/#.*$/, '#/lessons'));
  await expect(p.locator('[data-lesson="context"] h3').textContent()).resolves.toBe('When the question needs the section title');
  expect(s.errors).toEqual([]);
});
