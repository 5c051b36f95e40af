// The inspector's side-by-side comparison in a real browser: a sample document cut by "fixed, 64
// tokens" (A) and "structure, 128 tokens" (B). The chunk totals and the shared / only-A / only-B
// boundary counts shown equal those computed here in Node from the engine's own chunkDocument (same
// bundled tokenizer) and compareBoundaries; the text is shown unchanged with every boundary marked.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { openApp, setParam, useBrowser } from './helpers';
import { createTokenizer } from '../../src/engine/tokens/index.ts';
import { parseDocument } from '../../src/engine/documents/index.ts';
import { chunkDocument } from '../../src/engine/chunkers/index.ts';
import { compareBoundaries } from '../../src/app/inspector/compare.ts';

const dir = 'public/tokenizers/all-MiniLM-L6-v2/';
const tokenizer = createTokenizer(
  JSON.parse(readFileSync(dir + 'tokenizer.json', 'utf8')),
  JSON.parse(readFileSync(dir + 'tokenizer_config.json', 'utf8')),
  'all-MiniLM-L6-v2',
);
const TITLE = 'Manual do Beneficiário — Planos Aurora (versão 1.0)';
const TEXT = readFileSync('public/samples/pt-BR/docs/manual-beneficiario-v1.md', 'utf8');

const s = useBrowser({ viewport: { width: 1366, height: 768 } });

test('fixed 64 vs structure 128: totals and boundary counts match the engine, every kind of boundary is marked', async () => {
  // Independent computation in Node with the engine itself.
  const doc = parseDocument({ id: 'manual-beneficiario-v1', text: TEXT, format: 'markdown', name: TITLE });
  const a = await chunkDocument(doc, 'fixed', { maxTokens: 64 }, { tokenizer });
  const b = await chunkDocument(doc, 'structure', { maxTokens: 128 }, { tokenizer });
  const want = compareBoundaries(a, b, TEXT.length);
  expect(want.shared.length).toBeGreaterThan(0);
  expect(want.onlyA.length).toBeGreaterThan(0);
  expect(want.onlyB.length).toBeGreaterThan(0);
  // The pure function agrees with a plain set computation.
  const sa = new Set(a.map((c) => c.start));
  const sb = new Set(b.map((c) => c.start));
  expect(want.shared.length).toBe([...sa].filter((x) => sb.has(x)).length);
  expect(want.onlyA.length + want.shared.length).toBe(sa.size);
  expect(want.onlyB.length + want.shared.length).toBe(sb.size);

  await openApp(s.page);
  await s.page.getByRole('button', { name: `Inspecionar: ${TITLE}` }).click();
  await s.page.getByTestId('insp-chunker').locator('option[value="fixed"]').waitFor({ state: 'attached' });
  await s.page.getByTestId('insp-chunker').selectOption('fixed');
  await setParam(s.page, 'maxTokens', 64, '[data-testid="insp-controls"]');
  // Off: the single-configuration inspector; on: the comparison replaces it.
  await expect(s.page.getByTestId('cmp-view').count()).resolves.toBe(0);
  await s.page.getByTestId('cmp-toggle').check();
  await s.page.getByTestId('cmp-chunker').selectOption('structure');
  await setParam(s.page, 'maxTokens', 128, '[data-testid="cmp-controls"]');
  await expect(s.page.getByTestId('chunk-list').count()).resolves.toBe(0);

  const view = s.page.locator('[data-testid="cmp-view"][data-ready="true"]');
  await view.waitFor({ timeout: 60_000 });
  await expect(s.page.getByTestId('cmp-chunks-a').textContent()).resolves.toBe(String(a.length));
  await expect(s.page.getByTestId('cmp-chunks-b').textContent()).resolves.toBe(String(b.length));
  const count = async (id: string) => Number(await s.page.getByTestId(id).getAttribute('data-count'));
  expect(await count('cmp-shared')).toBe(want.shared.length);
  expect(await count('cmp-only-a')).toBe(want.onlyA.length);
  expect(await count('cmp-only-b')).toBe(want.onlyB.length);
  await expect(s.page.getByTestId('cmp-shared').textContent()).resolves.toContain(`${want.shared.length} em comum`);

  // The comparison fits a 1366×768 laptop without sideways scrolling.
  expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The text is shown unchanged, with one tick per boundary at the engine's offsets.
  const text = s.page.getByTestId('cmp-text');
  expect((await text.locator('span.seg').allTextContents()).join('')).toBe(TEXT);
  const at = async (kind: string) => text.locator(`[data-boundary="${kind}"]`).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-at'))));
  expect(await at('shared')).toEqual(want.shared);
  expect(await at('a')).toEqual(want.onlyA);
  expect(await at('b')).toEqual(want.onlyB);
  // Each tick sits right before the character where its chunk starts.
  const firstOnlyB = text.locator('[data-boundary="b"]').first();
  const next = await firstOnlyB.evaluate((e) => e.nextElementSibling?.textContent ?? '');
  expect(TEXT.slice(want.onlyB[0]).startsWith(next)).toBe(true);

  // Turning the comparison off brings back the single inspector.
  await s.page.getByTestId('cmp-toggle').uncheck();
  await s.page.getByTestId('chunk-list').waitFor();
  await expect(s.page.locator('[data-testid="chunk-list"] button').count()).resolves.toBe(a.length);
  expect(s.errors).toEqual([]);
});
