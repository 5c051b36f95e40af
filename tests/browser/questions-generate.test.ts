// Question generation and review in a real browser, against a real OpenAI-compatible HTTP server on
// 127.0.0.1 (no model): the estimate comes before any call; the server answers with exact, perturbed
// and invented excerpts, a duplicate, a script payload and one malformed reply; the page keeps the
// good ones with exact spans, counts the rest by reason, and a second run asks nothing (the answer
// cache). In the review panel each kept question shows its answer highlighted in the document;
// two are accepted, one rejected, one's answer replaced by selecting text; a BM25 grid then evaluates
// only the accepted questions, and with the switch on, the unreviewed ones too, labelled as such.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { configureQuestionGeneration, openApp, pasteDocument, selectText, storedRecords, useBrowser, waitSaved } from './helpers';
import { startChatServer, userMessage, type TestServer } from '../engine/llm/server';
import type { QuestionSpec } from '../../src/engine/evaluation/dataset.ts';
import type { ResultsFile } from '../../src/engine/evaluation/types';

const DOC_A = '# Reembolso\n\nO prazo para pedir o reembolso é de 30 dias corridos após a compra.\nSomente o titular do cartão pode solicitar a devolução do valor.\nO atendimento funciona de segunda a sexta, das 9h às 18h.\n';
const DOC_B = '# Entrega\n\nPedidos acima de R$ 200 têm frete grátis para todo o Brasil.\nA entrega expressa chega em até 2 dias úteis nas capitais.\n';
const DOC_C = '# Garantia\n\nA garantia cobre defeitos de fabricação por 12 meses.\n';
const KEY = 'sk-test-questions-0123456789';
const XSS = '<img src=x onerror="window.__pwned=1">';

const Q = {
  exact: 'Qual é o prazo para pedir o dinheiro de volta?',
  perturbed: 'Quem pode solicitar a devolução?',
  invented: 'Há multa por atraso no pagamento?',
  xss: `${XSS} Em que horário funciona o atendimento?`,
  frete: 'Quando o frete sai de graça?',
  expressa: 'Em quanto tempo chega a entrega rápida?',
};

/** The model's replies, chosen by the passage in the prompt. */
function reply(user: string): string {
  if (user.includes('reembolso é de 30')) {
    return JSON.stringify({
      questions: [
        { question: Q.exact, excerpts: ['O prazo para pedir o reembolso é de 30 dias corridos após a compra.'] },
        // case and a curly apostrophe-free lower-case start: found after normalising
        { question: Q.perturbed, excerpts: ['somente o titular do  cartão pode solicitar a devolução do valor'] },
        { question: Q.invented, excerpts: ['A multa por atraso é de 2% ao mês.'] },
        { question: Q.exact, excerpts: ['O prazo para pedir o reembolso é de 30 dias corridos após a compra.'] },
        { question: Q.xss, excerpts: ['O atendimento funciona de segunda a sexta, das 9h às 18h.'] },
      ],
    });
  }
  if (user.includes('frete grátis')) {
    return JSON.stringify({
      questions: [
        { question: Q.frete, excerpts: ['Pedidos acima de R$ 200 têm frete grátis para todo o Brasil.'] },
        { question: Q.expressa, excerpts: ['A entrega expressa chega em até 2 dias úteis nas capitais.'] },
      ],
    });
  }
  return 'Claro! Aqui estão as perguntas: {"questions": [ {"question": "Quanto tempo dura';
}

const s = useBrowser();
let server: TestServer;
beforeAll(async () => {
  server = await startChatServer(reply);
});
afterAll(async () => {
  await server?.close();
});

const stored = async <T>(page: Page, prefix: string): Promise<T[]> => Object.values(await storedRecords<T>(page, prefix));
type StoredSet = { id: string; name: string; corpusId: string; questions: QuestionSpec[] };
type StoredResults = { corpusId: string; results: ResultsFile };

/** The Questions tab (opening the app first when a test runs alone). */
async function gotoQuestions(page: Page) {
  if (!page.url().startsWith('http')) await openApp(page);
  await page.goto(page.url().replace(/#.*$/, '') + '#/search/questions');
  await page.getByTestId('qgen-panel').waitFor({ timeout: 60_000 });
}

const posts = () => server.requests.filter((r) => r.method === 'POST');
const item = (page: Page, text: string) => page.locator('[data-testid="qrev-list"] li', { has: page.locator('[data-testid="qrev-question"]', { hasText: text }) });

test('generate against a local OpenAI-compatible server, review beside the document, evaluate only accepted questions', async () => {
  const { page } = s;
  await openApp(page);
  await page.getByRole('button', { name: 'Novo corpus' }).click();
  await waitSaved(page);
  await pasteDocument(page, 'reembolso', DOC_A);
  await pasteDocument(page, 'entrega', DOC_B);
  await pasteDocument(page, 'garantia', DOC_C);

  const panel = await configureQuestionGeneration(page, `${server.url}/v1`, KEY, { perDocument: 2 });

  // The estimate first: one call per document (2 questions per call), priced; nothing sent yet.
  await panel.getByTestId('qgen-prepare').click();
  const estimate = panel.getByTestId('qgen-estimate');
  await estimate.waitFor({ timeout: 60_000 });
  expect(await estimate.getAttribute('data-calls')).toBe('3');
  expect(await panel.getByTestId('qgen-cost').textContent()).toMatch(/US\$/);
  await panel.getByTestId('qgen-no-pii').waitFor();
  expect(posts()).toHaveLength(0);

  await panel.getByTestId('qgen-run').click();
  const summary = panel.getByTestId('qgen-summary');
  await summary.waitFor({ timeout: 60_000 });
  expect(posts()).toHaveLength(3);
  expect(posts().every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  // JSON mode asked for
  expect(posts().every((r) => r.body.response_format?.type === 'json_object')).toBe(true);
  expect(await summary.getAttribute('data-kept')).toBe('5');
  const reasons = Object.fromEntries(
    await panel.locator('[data-testid="qgen-rejected"] li').evaluateAll((els) => els.map((e) => [e.getAttribute('data-reason'), Number(e.getAttribute('data-count'))])),
  );
  expect(reasons).toEqual({ 'excerpt-not-found': 1, duplicate: 1, 'malformed-answer': 1 });

  // Stored unreviewed, with provenance and spans exactly on the excerpts' text.
  await waitSaved(page);
  const sets = await stored<StoredSet>(page, 'qs:');
  const gen = sets.find((x) => x.name.startsWith('Geradas'))!;
  expect(gen.questions.map((q) => q.text).sort()).toEqual([Q.exact, Q.perturbed, Q.xss, Q.frete, Q.expressa].sort());
  expect(gen.questions.every((q) => q.review === 'unreviewed' && q.provenance?.model === 'openai:fake-model')).toBe(true);
  const byText = (t: string) => gen.questions.find((q) => q.text === t)!;
  // Each answer read back from the text its span points into (the corpus as stored).
  const corpus = (await stored<{ id: string; documents: { id: string; text: string }[] }>(page, 'corpus:')).find((c) => c.id === gen.corpusId)!;
  const textOf = new Map(corpus.documents.map((d) => [d.id, d.text]));
  const slice = (q: QuestionSpec) => {
    const g = q.gold[0] as { docId: string; start: number; end: number };
    return textOf.get(g.docId)!.slice(g.start, g.end);
  };
  expect(slice(byText(Q.exact))).toBe('O prazo para pedir o reembolso é de 30 dias corridos após a compra.');
  expect(slice(byText(Q.perturbed))).toBe('Somente o titular do cartão pode solicitar a devolução do valor');
  expect(slice(byText(Q.frete))).toBe('Pedidos acima de R$ 200 têm frete grátis para todo o Brasil.');

  // A second run of the same plan asks only the passage whose answer was malformed (such an answer
  // is not cached, so a rerun asks again): the two well-formed answers come from the cache.
  await panel.getByTestId('qgen-prepare').click();
  await expect.poll(async () => panel.getByTestId('qgen-estimate').getAttribute('data-cached'), { timeout: 30_000 }).toBe(String(3 - reasons['malformed-answer']));
  expect(await panel.getByTestId('qgen-estimate').getAttribute('data-calls')).toBe(String(reasons['malformed-answer']));

  // Review: every kept question, its answer highlighted in the document.
  const review = page.getByTestId('qrev-panel');
  await review.getByTestId('qrev-set').selectOption({ label: gen.name });
  await expect.poll(() => review.locator('[data-testid="qrev-list"] li').count()).toBe(5);
  await item(page, Q.exact).getByTestId('qrev-question').click();
  const view = review.getByTestId('qrev-doc-view');
  await expect.poll(async () => (await view.locator('.gold').allTextContents()).join('')).toBe('O prazo para pedir o reembolso é de 30 dias corridos após a compra.');
  // The script payload is text: shown as typed, never run.
  await item(page, 'Em que horário').getByTestId('qrev-question').click();
  expect(await item(page, 'Em que horário').getByTestId('qrev-question').textContent()).toBe(Q.xss);
  await expect.poll(async () => (await view.locator('.gold').allTextContents()).join('')).toBe('O atendimento funciona de segunda a sexta, das 9h às 18h.');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await review.locator('img').count()).toBe(0);

  // Accept two, reject one, replace one's answer by selecting it in the document.
  await item(page, Q.exact).getByTestId('qrev-accept').click();
  await item(page, Q.frete).getByTestId('qrev-accept').click();
  await item(page, 'Em que horário').getByTestId('qrev-reject').click();
  await item(page, Q.perturbed).getByTestId('qrev-edit').click();
  await expect.poll(async () => (await view.locator('.gold').allTextContents()).join('')).toBe('Somente o titular do cartão pode solicitar a devolução do valor');
  await selectText(page, 'qrev-doc-view', 'titular do cartão');
  const use = review.getByTestId('qrev-use-selection');
  await expect.poll(() => use.isEnabled()).toBe(true);
  await use.click();
  await expect.poll(async () => (await view.locator('.gold').allTextContents()).join('')).toBe('titular do cartão');
  await review.getByTestId('qrev-edit-done').click();
  const counts = review.getByTestId('qrev-counts');
  expect([await counts.getAttribute('data-accepted'), await counts.getAttribute('data-rejected'), await counts.getAttribute('data-unreviewed')]).toEqual(['2', '1', '2']);
  await waitSaved(page);
  const after = (await stored<StoredSet>(page, 'qs:')).find((x) => x.id === gen.id)!;
  const edited = after.questions.find((q) => q.text === Q.perturbed)!;
  const g = edited.gold[0] as { docId: string; start: number; end: number };
  expect(g).toEqual({ docId: g.docId, start: DOC_A.indexOf('titular do cartão'), end: DOC_A.indexOf('titular do cartão') + 'titular do cartão'.length });
  const accepted = after.questions.filter((q) => q.review === 'accepted').map((q) => q.id).sort();
  expect(accepted).toHaveLength(2);

  // A BM25 grid evaluates only the accepted questions.
  await page.goto(page.url().replace(/#.*$/, '') + '#/experiments');
  await page.locator('input[data-chunker="structure"]').waitFor({ timeout: 60_000 });
  await page.getByTestId('exp-corpus').selectOption({ value: gen.corpusId });
  await page.getByTestId('exp-qs').selectOption({ value: gen.id });
  await expect.poll(() => page.getByTestId('exp-evaluated').getAttribute('data-evaluated')).toBe('2');
  await page.getByTestId('exp-run').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  expect(await page.getByTestId('exp-unreviewed').count()).toBe(0);
  await waitSaved(page);
  let results = (await stored<StoredResults>(page, 'results:')).filter((r) => r.corpusId === gen.corpusId);
  expect(results.length).toBeGreaterThan(0);
  for (const r of results) {
    expect(r.results.questions.map((q) => q.id).sort()).toEqual(accepted);
    expect(r.results.config.unreviewedQuestions).toBeUndefined();
  }
  const first = results.length;

  // With the switch on, the unreviewed ones take part too, and the results say so.
  await page.getByTestId('exp-include-unreviewed').check();
  await expect.poll(() => page.getByTestId('exp-evaluated').getAttribute('data-evaluated')).toBe('4');
  await page.getByTestId('exp-run').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  expect(await page.getByTestId('exp-unreviewed').getAttribute('data-n')).toBe('2');
  await waitSaved(page);
  results = (await stored<StoredResults>(page, 'results:')).filter((r) => r.corpusId === gen.corpusId);
  const second = results.filter((r) => r.results.config.unreviewedQuestions === 2);
  expect(second.length).toBe(results.length - first);
  const rejectedId = after.questions.find((q) => q.review === 'rejected')!.id;
  for (const r of second) {
    expect(r.results.questions).toHaveLength(4);
    expect(r.results.questions.some((q) => q.id === rejectedId)).toBe(false);
  }
  await page.goto(page.url().replace(/#.*$/, '') + '#/results');
  await expect.poll(() => page.getByTestId('res-unreviewed').count(), { timeout: 30_000 }).toBe(second.length);
  expect(s.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
});

test('cancel part-way, then resume: only the missing answers are asked for', async () => {
  const { page } = s;
  const panel = page.getByTestId('qgen-panel');
  await gotoQuestions(page);
  // Another model: nothing of it is cached yet. The second passage's call hangs until cancelled.
  await panel.getByTestId('qgen-model').fill('fake-model-2');
  await panel.getByTestId('qgen-model').dispatchEvent('change');
  await panel.getByTestId('qgen-target').selectOption({ value: '' });
  let hang = true;
  server.handle((req) => {
    const user = userMessage(req);
    if (hang && user.includes('frete grátis')) return 'hang';
    return { json: { choices: [{ message: { content: reply(user) } }] } };
  });
  const before = posts().length;
  await panel.getByTestId('qgen-prepare').click();
  await expect.poll(() => panel.getByTestId('qgen-estimate').getAttribute('data-calls'), { timeout: 60_000 }).toBe('3');
  await panel.getByTestId('qgen-run').click();
  const progress = panel.getByTestId('qgen-progress');
  await expect.poll(async () => Number(await progress.getAttribute('data-done')), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => posts().length - before).toBe(2);
  await panel.getByTestId('qgen-cancel').click();
  await panel.getByTestId('qgen-cancelled').waitFor();
  expect(await panel.getByTestId('qgen-summary').count()).toBe(0);

  hang = false;
  await panel.getByTestId('qgen-run').click();
  const summary = panel.getByTestId('qgen-summary');
  await summary.waitFor({ timeout: 60_000 });
  // The first answer came from the cache; the hanging one and the last one were asked for.
  expect([await summary.getAttribute('data-cached'), await summary.getAttribute('data-calls'), await summary.getAttribute('data-kept')]).toEqual(['1', '2', '5']);
  expect(posts().length - before).toBe(4);
});

test('the in-page model: free estimate, no personal-data gate, and the run goes no further than loading the model', async () => {
  const { page } = s;
  const panel = page.getByTestId('qgen-panel');
  await gotoQuestions(page);
  // No weights can be downloaded here: the Hub is unreachable, so the run stops at the model load.
  await s.context.route('https://huggingface.co/**', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('qgen-kind-local').check();
  const before = posts().length;
  await panel.getByTestId('qgen-prepare').click();
  await expect.poll(() => panel.getByTestId('qgen-cost').textContent(), { timeout: 60_000 }).toMatch(/sem custo/);
  await panel.getByTestId('qgen-run').click();
  await panel.getByTestId('qgen-error').waitFor({ timeout: 120_000 });
  expect(await panel.getByTestId('qgen-error').textContent()).not.toMatch(/no in-page model is loaded/);
  expect(posts().length).toBe(before);
  await s.context.unrouteAll();
});

test('the in-page model from a folder on disk: files are read from the folder, nothing asked of the Hub', async () => {
  const { page } = s;
  const panel = page.getByTestId('qgen-panel');
  await gotoQuestions(page);
  // A model folder with a config but no weights: the load reads the folder and stops at the missing files.
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-llm-'));
  const folder = join(dir, 'tiny-llm');
  mkdirSync(join(folder, 'onnx'), { recursive: true });
  writeFileSync(join(folder, 'config.json'), JSON.stringify({ model_type: 'qwen2', architectures: ['Qwen2ForCausalLM'] }));
  writeFileSync(join(folder, 'tokenizer_config.json'), '{}');
  const hub: string[] = [];
  await s.context.route('https://huggingface.co/**', (route) => {
    hub.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  try {
    await page.getByTestId('qgen-kind-local').check();
    await panel.getByTestId('qgen-local-folder').setInputFiles(folder);
    await expect.poll(() => panel.getByTestId('qgen-local-folder-picked').textContent()).toContain('tiny-llm');
    const before = posts().length;
    await panel.getByTestId('qgen-prepare').click();
    await expect.poll(() => panel.getByTestId('qgen-cost').textContent(), { timeout: 60_000 }).toMatch(/sem custo/);
    await panel.getByTestId('qgen-run').click();
    await panel.getByTestId('qgen-error').waitFor({ timeout: 120_000 });
    expect(hub).toEqual([]);
    expect(posts().length).toBe(before);
    // config.json was read from the folder; the load stopped at the first file the folder lacks.
    expect(await panel.getByTestId('qgen-error').textContent()).toMatch(/chunklab-local\/tiny-llm\/tokenizer\.json/);
  } finally {
    await s.context.unrouteAll();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('personal data in the documents: nothing is sent until the user chooses to send anyway', async () => {
  const { page } = s;
  await gotoQuestions(page);
  await page.goto(page.url().replace(/#.*$/, '') + '#/workspace');
  await page.getByRole('button', { name: 'Novo corpus' }).click();
  await waitSaved(page);
  await pasteDocument(page, 'contato', '# Contato\n\nFale com maria.silva@example.com ou pelo CPF 529.982.247-25 para o cadastro.\n');
  await gotoQuestions(page);
  const panel = page.getByTestId('qgen-panel');
  server.handle(() => ({ json: { choices: [{ message: { content: '{"questions": []}' } }] } }));
  await page.getByTestId('qgen-kind-openai').check();
  await panel.getByTestId('qgen-target').selectOption({ value: '' });
  const before = posts().length;
  await panel.getByTestId('qgen-prepare').click();
  const pii = panel.getByTestId('qgen-pii');
  await pii.waitFor({ timeout: 60_000 });
  expect(Number(await pii.getAttribute('data-total'))).toBeGreaterThanOrEqual(2);
  expect(await panel.getByTestId('qgen-run').isDisabled()).toBe(true);
  await panel.getByTestId('qgen-send-anyway').click();
  await expect.poll(() => panel.getByTestId('qgen-run').isEnabled()).toBe(true);
  expect(posts().length).toBe(before);
  await panel.getByTestId('qgen-run').click();
  await panel.getByTestId('qgen-summary').waitFor({ timeout: 60_000 });
  expect(posts().length).toBeGreaterThan(before);
  expect(await panel.getByTestId('qgen-summary').getAttribute('data-kept')).toBe('0');
});
