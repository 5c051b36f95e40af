// Generated versus human questions in a real browser: questions are generated for the Portuguese
// sample (which has questions written by people) against a local OpenAI-compatible server on
// 127.0.0.1 that copies sentences of each passage (no model); the comparison panel then appears,
// runs the default BM25 grid in the engine worker with progress, and shows τ-b, which this test
// recounts pair by pair from the scores the table shows; a second run is cancelled. Once a grid has
// run in the Experiments view, the comparison takes that grid's configurations instead.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { configureQuestionGeneration, openApp, runGrid, useBrowser } from './helpers';
import { startChatServer, type TestServer } from '../engine/llm/server';
import { tauBByPairs as tauB } from '../engine/evaluation/kendall-pairs.ts';

/** Up to two sentences of the passage in the prompt, each as an excerpt, the question its first words. */
function reply(user: string): string {
  const passage = /<(trecho|passage)>\n([\s\S]*?)\n<\/\1>/.exec(user)?.[2] ?? '';
  const sentences = [...passage.matchAll(/[A-ZÀ-Ú][^.!?\n]{30,}[.!?]/g)].map((m) => m[0]).slice(0, 2);
  return JSON.stringify({
    questions: sentences.map((s) => {
      const words = s.split(/\s+/);
      return { question: `${words.slice(0, Math.ceil(words.length * 0.6)).join(' ')}?`, excerpts: [s] };
    }),
  });
}

const s = useBrowser();
let server: TestServer;
beforeAll(async () => {
  server = await startChatServer(reply);
});
afterAll(async () => {
  await server?.close();
});

test('after generating for a corpus with human questions: τ-b with its interval, the table and the opposite pairs; cancel', async () => {
  const { page } = s;
  await openApp(page);
  const panel = await configureQuestionGeneration(page, `${server.url}/v1`, 'sk-test-agreement-0123456789', { perDocument: 2 });
  // No generation yet: no comparison.
  expect(await page.getByTestId('agreement-panel').count()).toBe(0);
  await panel.getByTestId('qgen-prepare').click();
  await panel.getByTestId('qgen-estimate').waitFor({ timeout: 60_000 });
  // The sample has e-mail addresses and phone numbers: the page asks before sending them.
  if (await panel.getByTestId('qgen-pii').count()) await panel.getByTestId('qgen-send-anyway').click();
  await panel.getByTestId('qgen-run').click();
  await panel.getByTestId('qgen-summary').waitFor({ timeout: 60_000 });
  const kept = Number(await panel.getByTestId('qgen-summary').getAttribute('data-kept'));
  expect(kept).toBeGreaterThan(5);

  // The comparison is a reading of results: Generate links to it, in Results.
  expect(await page.getByTestId('agreement-panel').count()).toBe(0);
  await panel.getByTestId('qgen-agreement-link').click();
  await page.waitForURL(/#\/results$/);
  const ag = page.getByTestId('agreement-panel');
  await ag.waitFor({ timeout: 60_000 });
  const counts = ag.getByTestId('agreement-counts');
  expect(Number(await counts.getAttribute('data-human'))).toBeGreaterThan(20);
  expect(Number(await counts.getAttribute('data-generated'))).toBe(kept);
  // No grid has run in this page: the default grid of 4 chunkers × 3 sizes.
  expect(await ag.getByTestId('agreement-source').getAttribute('data-source')).toBe('default');
  expect(await ag.getByTestId('agreement-source').getAttribute('data-runs')).toBe('12');

  await ag.getByTestId('agreement-run').click();
  const result = ag.getByTestId('agreement-result');
  // Progress while it runs, then the result (an error would show instead: reported here).
  await ag.getByTestId('agreement-progress').or(result).or(ag.getByTestId('agreement-error')).first().waitFor({ timeout: 120_000 });
  await result.or(ag.getByTestId('agreement-error')).first().waitFor({ timeout: 180_000 });
  expect(await ag.getByTestId('agreement-error').count(), (await ag.getByTestId('agreement-error').allTextContents()).join()).toBe(0);
  const rows = await ag.locator('[data-testid="agreement-table"] tbody tr').evaluateAll((els) =>
    els.map((e) => ({ label: e.getAttribute('data-label')!, a: Number(e.getAttribute('data-a')), b: Number(e.getAttribute('data-b')) })),
  );
  expect(rows).toHaveLength(12);
  expect(rows[0].label).toBe('fixed · 64');
  const tau = Number(await result.getAttribute('data-tau'));
  expect(tau).toBeCloseTo(tauB(rows.map((r) => r.a), rows.map((r) => r.b)), 12);
  const lo = Number(await result.getAttribute('data-lo'));
  const hi = Number(await result.getAttribute('data-hi'));
  expect(lo).toBeLessThanOrEqual(tau);
  expect(hi).toBeGreaterThanOrEqual(tau);
  expect(await ag.getByTestId('agreement-verdict').getAttribute('data-agree')).toBe(lo > 0 ? 'yes' : 'no');
  expect(await ag.getByTestId('agreement-tau').textContent()).toContain('τ-b de Kendall');
  // The opposite pairs the page lists are those the table's scores order the other way.
  const opposite = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) if (Math.sign(rows[i].a - rows[j].a) * Math.sign(rows[i].b - rows[j].b) < 0) opposite.add([rows[i].label, rows[j].label].sort().join('|'));
  }
  expect(Number(await result.getAttribute('data-disagreements'))).toBe(opposite.size);
  const listed = await ag.locator('[data-testid="agreement-disagreements"] li').evaluateAll((els) => els.map((e) => [e.getAttribute('data-first'), e.getAttribute('data-second')].sort().join('|')));
  for (const p of listed) expect(opposite.has(p)).toBe(true);
  expect(listed.length).toBe(Math.min(12, opposite.size));

  // Again, cancelled: the worker stops, the page says so and stays usable.
  // Run and cancel in one go inside the page: on a fast machine (or with the corpus already indexed)
  // the rerun could end before a separate click on Cancel landed, and the button was gone (seen
  // once in a full suite). The cancel lands within one task of the run starting, before the
  // worker's answer can be handled.
  const clicked = await ag.evaluate(async (el) => {
    (el.querySelector('[data-testid="agreement-run"]') as HTMLButtonElement).click();
    for (let i = 0; i < 20 && !el.querySelector('[data-testid="agreement-cancel"]'); i++) await Promise.resolve();
    const cancel = el.querySelector('[data-testid="agreement-cancel"]') as HTMLButtonElement | null;
    cancel?.click();
    return !!cancel;
  });
  expect(clicked).toBe(true);
  await ag.getByTestId('agreement-cancelled').waitFor({ timeout: 60_000 });
  expect(await ag.getByTestId('agreement-run').isEnabled()).toBe(true);
});

test("after a grid ran, the comparison takes that grid's BM25 configurations", async () => {
  const { page } = s;
  await page.goto(page.url().replace(/#.*$/, '') + '#/experiments');
  await page.locator('input[data-chunker="sentences"]').waitFor({ timeout: 60_000 });
  // The default grid (fixed and structure at 128, BM25) and sentences: 3 runs.
  await page.locator('input[data-chunker="sentences"]').check();
  await runGrid(page, { runs: 3 });

  await page.goto(page.url().replace(/#.*$/, '') + '#/results');
  const ag = page.getByTestId('agreement-panel');
  await ag.waitFor({ timeout: 60_000 });
  expect(await ag.getByTestId('agreement-source').getAttribute('data-source')).toBe('grid');
  expect(await ag.getByTestId('agreement-source').getAttribute('data-runs')).toBe('3');
  await ag.getByTestId('agreement-run').click();
  const result = ag.getByTestId('agreement-result');
  await result.or(ag.getByTestId('agreement-error')).first().waitFor({ timeout: 180_000 });
  expect(await ag.getByTestId('agreement-error').count()).toBe(0);
  const rows = await ag.locator('[data-testid="agreement-table"] tbody tr').evaluateAll((els) =>
    els.map((e) => ({ label: e.getAttribute('data-label')!, a: Number(e.getAttribute('data-a')), b: Number(e.getAttribute('data-b')) })),
  );
  expect(rows.map((r) => r.label.split(' · ')[0]).sort()).toEqual(['fixed', 'sentences', 'structure']);
  const tau = await result.getAttribute('data-tau');
  const expected = tauB(rows.map((r) => r.a), rows.map((r) => r.b));
  if (Number.isNaN(expected)) expect(tau).toBe('');
  else expect(Number(tau)).toBeCloseTo(expected, 12);
});
