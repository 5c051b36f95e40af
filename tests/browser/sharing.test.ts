// Sharing in a real browser: run a configuration and save its results file (the download), reopen it
// in the leaderboard with the same metrics, rank two files, flag files on different question sets,
// show a hostile file's text literally without running it, refuse malformed files with a message that
// names the problem, and export chunks as JSONL whose `text` is exactly the document's passage.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Download } from 'playwright-core';
import { openBrowser, type Session } from './browser';
import { openApp } from './helpers';
import { readResults } from '../../src/engine/formats/results.ts';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';
import { LESSONS } from '../../src/app/lessons/presets.ts';

const IMG = '<img src=x onerror=window.__pwned=1>';
const SCRIPT = '<script>window.__pwned=1</script>';
const ptNum = (x: number, d: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: d }).format(x);

let s: Session;
let saved: { name: string; text: string };

beforeAll(async () => {
  s = await openBrowser();
  await openApp(s.page, '#/lessons');
  await s.page.getByTestId('share-panel').waitFor();
});
afterAll(async () => {
  await s?.close();
});

async function downloadText(d: Download): Promise<string> {
  const path = await d.path();
  return readFileSync(path!, 'utf8');
}

async function openFiles(files: { name: string; text: string }[]) {
  await s.page.getByTestId('lb-input').setInputFiles(files.map((f) => ({ name: f.name, mimeType: 'application/json', buffer: Buffer.from(f.text) })));
}

test('a run saved as a results file reopens in the leaderboard with the same metrics', async () => {
  const p = s.page;
  await p.getByTestId('share-chunker').locator('option[value="structure"]').waitFor({ state: 'attached' });
  await p.getByTestId('share-chunker').selectOption('structure');
  await p.getByTestId('share-max-tokens').fill('128');
  await p.getByTestId('share-run').click();
  await p.locator('[data-testid="share-message"][data-kind="ok"]').waitFor({ timeout: 120_000 });
  await p.getByTestId('share-author').fill('Ana');
  const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('share-save').click()]);
  saved = { name: download.suggestedFilename(), text: await downloadText(download) };
  expect(saved.name).toMatch(/^chunklab-results_ana_.*_structure-128_bm25\.json$/);

  const stored = JSON.parse(saved.text) as ResultsFile;
  expect(stored.format).toBe('chunklab-results');
  expect(stored.config.author).toBe('Ana');
  // The engine's reader, here in Node, recomputes the same metrics from the file's chunks and rankings.
  const again = readResults(saved.text, saved.name);
  expect(again.metrics).toEqual(stored.metrics);
  expect(stored.questions.length).toBeGreaterThan(50);
  // The page's run equals what the lessons quote for this configuration (computed in Node by the engine).
  const quoted = LESSONS.find((l) => l.id === 'strategies')!.sample!['pt-BR']!.find((r) => r.chunker === 'structure')!;
  expect(Math.abs(stored.metrics['hit@5'] - quoted.hit5)).toBeLessThan(0.0005);

  await openFiles([saved]);
  const row = p.getByTestId('lb-row');
  await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
  await expect(row.getByTestId('lb-author').textContent()).resolves.toBe('Ana');
  await expect(row.getByTestId('lb-file').textContent()).resolves.toBe(saved.name);
  await expect(row.getByTestId('lb-hit5').textContent()).resolves.toBe(ptNum(stored.metrics['hit@5'], 3));
  await expect(row.getByTestId('lb-hit1').textContent()).resolves.toBe(ptNum(stored.metrics['hit@1'], 3));
  await expect(row.getByTestId('lb-mrr').textContent()).resolves.toBe(ptNum(stored.metrics.mrr, 3));
  const iv = stored.intervals!['hit@5']!;
  await expect(row.getByTestId('lb-hit5-ci').textContent()).resolves.toBe(`[${ptNum(iv[0], 3)}–${ptNum(iv[1], 3)}]`);
  // One file opened: its questions are listed.
  await expect(p.getByTestId('lb-q-text').first().textContent()).resolves.toBe(stored.questions[0].text);
  expect(s.errors).toEqual([]);
});

test('two files make a leaderboard sorted by hit@5; a file on other questions is flagged as not comparable', async () => {
  const p = s.page;
  await p.getByTestId('lb-clear').click();
  const stored = JSON.parse(saved.text) as ResultsFile;
  // A second participant's file: same questions, every ranking reversed (worse), other author.
  const worse = { ...stored, config: { ...stored.config, author: 'Bruno' }, questions: stored.questions.map((q) => ({ ...q, ranked: [...q.ranked].reverse() })) };
  const worseText = JSON.stringify(worse);
  const worseHit5 = readResults(worseText, 'b.json').metrics['hit@5'];
  expect(worseHit5).toBeLessThan(stored.metrics['hit@5']);
  await openFiles([{ name: 'bruno.json', text: worseText }, saved]);
  await expect.poll(() => p.getByTestId('lb-row').count(), { timeout: 60_000 }).toBe(2);
  await expect(p.getByTestId('lb-author').allTextContents()).resolves.toEqual(['Ana', 'Bruno']);
  await expect(p.getByTestId('lb-hit5').allTextContents()).resolves.toEqual([ptNum(stored.metrics['hit@5'], 3), ptNum(worseHit5, 3)]);
  expect(await p.getByTestId('lb-not-comparable').count()).toBe(0);

  // A third file evaluated on fewer questions.
  const fewer = { ...stored, config: { ...stored.config, author: 'Carla' }, questions: stored.questions.slice(0, 10) };
  await openFiles([{ name: 'carla.json', text: JSON.stringify(fewer) }]);
  await expect.poll(() => p.getByTestId('lb-row').count(), { timeout: 60_000 }).toBe(3);
  await p.getByTestId('lb-not-comparable').waitFor();
  await expect(p.locator('[data-testid="lb-row"][data-group="B"] [data-testid="lb-author"]').textContent()).resolves.toBe('Carla');
  expect(s.errors).toEqual([]);
});

test('a hostile results file is shown as text and nothing in it runs', async () => {
  const p = s.page;
  await p.getByTestId('lb-clear').click();
  const evilDoc = `doc ${IMG}`;
  const evilQ = `Pergunta ${SCRIPT} ${IMG}?`;
  const file = {
    format: 'chunklab-results',
    version: 1,
    config: { author: `Mallory ${IMG}`, chunker: `fixed ${SCRIPT}` },
    chunks: [{ id: `c ${IMG}`, docId: evilDoc, start: 0, end: 40, tokens: 10 }],
    questions: [{ id: `q ${SCRIPT}`, text: evilQ, gold: [{ docId: evilDoc, start: 3, end: 9 }], ranked: [`c ${IMG}`] }],
    metrics: { 'hit@1': 0, 'hit@3': 0, 'hit@5': 0, mrr: 0, coverage: 0, ctx3: 0, 'recall@5': 0, 'precision@5': 0, 'iou@5': 0, chunks: 0, meanTokens: 0 },
  };
  await openFiles([{ name: `evil ${IMG}.json`, text: JSON.stringify(file) }]);
  await p.getByTestId('lb-row').waitFor();
  await expect(p.getByTestId('lb-q-text').textContent()).resolves.toBe(evilQ);
  await expect(p.getByTestId('lb-q-doc').textContent()).resolves.toBe(evilDoc);
  await expect(p.getByTestId('lb-author').textContent()).resolves.toBe(`Mallory ${IMG}`);
  // The stored metrics (all 0) are not trusted: the one question is found at rank 1.
  await expect(p.getByTestId('lb-hit5').textContent()).resolves.toBe('1');
  await expect(p.getByTestId('lb-config').textContent()).resolves.toContain(SCRIPT.replace(/"/g, '\\"'));
  expect(await p.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await p.evaluate(() => document.querySelectorAll('main img, main script').length)).toBe(0);
  expect(s.errors).toEqual([]);
});

test('malformed files are refused with a message naming the file and the problem; good files still open', async () => {
  const p = s.page;
  await p.getByTestId('lb-clear').click();
  const reversed = {
    format: 'chunklab-results',
    version: 1,
    chunks: [{ id: 'a', docId: 'd', start: 9, end: 2, tokens: 1 }],
    questions: [],
    metrics: {},
  };
  await openFiles([
    { name: 'broken.json', text: '{"format": "chunklab-results", "version": 1, ' },
    { name: 'reversed.json', text: JSON.stringify(reversed) },
    { name: 'workspace.json', text: JSON.stringify({ format: 'chunklab-workspace', version: 1 }) },
    saved,
  ]);
  const errors = p.getByTestId('lb-errors').locator('li');
  await expect.poll(() => errors.count(), { timeout: 60_000 }).toBe(3);
  const texts = await errors.allTextContents();
  expect(texts[0]).toMatch(/^broken\.json foi recusado: .*JSON/);
  expect(texts[1]).toContain('reversed.json');
  expect(texts[1]).toContain('reversed range [9, 2)');
  expect(texts[2]).toContain('"format" must be "chunklab-results"');
  await expect.poll(() => p.getByTestId('lb-row').count(), { timeout: 60_000 }).toBe(1);
  expect(s.errors).toEqual([]);
});

test('exported chunks JSONL: one line per chunk whose text is exactly the document passage', async () => {
  const p = s.page;
  await p.getByTestId('share-chunker').selectOption('fixed');
  await p.getByTestId('share-max-tokens').fill('64');
  await p.getByTestId('share-overlap').fill('8');
  const [download] = await Promise.all([p.waitForEvent('download', { timeout: 120_000 }), p.getByTestId('share-chunks').click()]);
  expect(download.suggestedFilename()).toMatch(/^chunks_.*_fixed-64-ov8\.jsonl$/);
  const lines = (await downloadText(download)).trimEnd().split('\n').map((l) => JSON.parse(l));
  const folder = fileURLToPath(new URL('../../public/samples/pt-BR/', import.meta.url));
  const docs = JSON.parse(readFileSync(`${folder}documents.json`, 'utf8')).documents as { id: string; file: string }[];
  const texts = new Map(docs.map((d) => [d.id, readFileSync(`${folder}${d.file}`, 'utf8')]));
  expect(lines.length).toBeGreaterThan(50);
  expect(new Set(lines.map((l) => l.docId))).toEqual(new Set(texts.keys()));
  for (const l of lines) {
    // Offsets count code points (docs/CONTRACT.md).
    const cps = Array.from(texts.get(l.docId)!);
    expect(l.text).toBe(cps.slice(l.start, l.end).join(''));
    expect(l.end).toBeGreaterThan(l.start);
  }
  await p.locator('[data-testid="share-message"][data-kind="ok"]').waitFor();
  expect(s.errors).toEqual([]);
});
