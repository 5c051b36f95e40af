// The engine counts in the chosen model's tokens. In the app: the test model picked from disk in the
// models dialog becomes the tokenizer the inspector reports ("tokens de chunklab-test-bert") and the
// models panel says so. In the built engine worker: a SentencePiece tokenizer (the hand-made
// sp-unigram fixture, copied into a temporary model-like folder) handed to useTokenizer gives chunk
// sizes equal to that tokenizer's counts computed here in Node, different from MiniLM's; bad files are
// an error that leaves the bundled tokenizer in use; null goes back to it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openBrowser, type Session } from './browser';
import { appUrl, driveEngineWorker, loadModelFolder, openApp, pasteDocument } from './helpers';
import { createTokenizer } from '../../src/engine/tokens/index.ts';

const MODEL = resolve('tests/fixtures/models/chunklab-test-bert');
const miniDir = 'public/tokenizers/all-MiniLM-L6-v2/';
const mini = createTokenizer(JSON.parse(readFileSync(miniDir + 'tokenizer.json', 'utf8')), JSON.parse(readFileSync(miniDir + 'tokenizer_config.json', 'utf8')), 'all-MiniLM-L6-v2');

// A model-like folder holding the SentencePiece tokenizer (as a model folder would).
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-sp-model-'));
const spFolder = join(tmp, 'sp-unigram-model');
cpSync('tests/fixtures/tokenizers/sp-unigram', spFolder, { recursive: true });
const spJson = readFileSync(join(spFolder, 'tokenizer.json'), 'utf8');
const spConfig = readFileSync(join(spFolder, 'tokenizer_config.json'), 'utf8');
const sp = createTokenizer(JSON.parse(spJson), JSON.parse(spConfig), 'sp-unigram-model');

const TEXT = [
  '# Política de reembolso',
  '',
  'O pedido de reembolso deve ser enviado em até 180 dias a partir da data do atendimento. Guarde a nota fiscal original e o relatório médico.',
  '',
  '## Prazos',
  '',
  'A operadora paga o reembolso em até 20 dias úteis depois de receber a documentação completa. Pedidos incompletos voltam para o beneficiário.',
].join('\n');


let s: Session;
beforeAll(async () => {
  s = await openBrowser();
});
afterAll(async () => {
  await s?.close();
  rmSync(tmp, { recursive: true, force: true });
});

interface Chunk {
  start: number;
  end: number;
  prefix: string;
  tokens: number;
}
interface Inspected {
  chunks: Chunk[];
  tokenizer: string;
  modelMaxLength?: number;
  lint: unknown;
}

test('a model picked from disk becomes the tokenizer the inspector and the models panel report', async () => {
  const { page } = s;
  await openApp(page);
  const title = 'Reembolso do modelo';
  await pasteDocument(page, title, TEXT);

  await loadModelFolder(page, MODEL, { close: false });
  const line = page.getByTestId('model-tokenizer');
  await expect.poll(() => line.getAttribute('data-model'), { timeout: 30_000 }).toBe('true');
  expect(await line.getAttribute('data-name')).toBe('chunklab-test-bert');
  expect(await line.textContent()).toContain('chunklab-test-bert');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Inspecionar: ${title}` }).click();
  await page.getByText('tokens de chunklab-test-bert').waitFor({ timeout: 30_000 });
  expect(await page.getByText('tokens de all-MiniLM-L6-v2').count()).toBe(0);
});

test("the engine worker counts with a SentencePiece model's tokenizer, and goes back to the bundled one", async () => {
  await s.page.goto(appUrl());
  const call = await driveEngineWorker(s.page);

  const input = { id: 'reembolso', name: 'reembolso.md', format: 'markdown', text: TEXT };
  const params = { maxTokens: 24, overlap: 0 };
  const inspect = () => call<Inspected>('inspect', input, 'structure', params, { minTokens: 0 });

  const used = await call<{ tokenizer: string; modelMaxLength?: number; model: boolean }>('useTokenizer', { name: 'sp-unigram-model', tokenizerJson: spJson, tokenizerConfig: spConfig, maxTokens: 200 });
  expect(used).toEqual({ tokenizer: 'sp-unigram-model', modelMaxLength: 200, model: true });

  const withSp = await inspect();
  expect(withSp.tokenizer).toBe('sp-unigram-model');
  // The model's limit is the lints' default when the page gives none.
  expect(withSp.modelMaxLength).toBe(200);
  expect(withSp.chunks.length).toBeGreaterThan(1);
  let differs = 0;
  for (const c of withSp.chunks) {
    const text = c.prefix + TEXT.slice(c.start, c.end);
    expect(c.tokens).toBe(sp.count(text));
    expect(c.tokens).toBeLessThanOrEqual(24);
    if (mini.count(text) !== c.tokens) differs++;
  }
  expect(differs).toBeGreaterThan(0);

  // Files that are not a tokenizer: an error naming the file; the bundled tokenizer counts again.
  await expect(call('useTokenizer', { name: 'broken', tokenizerJson: '{ not json', tokenizerConfig: '' })).rejects.toThrow(/tokenizer\.json is not valid JSON/);
  const afterError = await inspect();
  expect(afterError.tokenizer).toBe('all-MiniLM-L6-v2');

  await call('useTokenizer', { name: 'sp-unigram-model', tokenizerJson: spJson, tokenizerConfig: spConfig });
  expect((await inspect()).tokenizer).toBe('sp-unigram-model');
  const back = await call<{ tokenizer: string; model: boolean }>('useTokenizer', null);
  expect(back).toMatchObject({ tokenizer: 'all-MiniLM-L6-v2', model: false });
  const withMini = await inspect();
  expect(withMini.tokenizer).toBe('all-MiniLM-L6-v2');
  for (const c of withMini.chunks) expect(c.tokens).toBe(mini.count(c.prefix + TEXT.slice(c.start, c.end)));
});
