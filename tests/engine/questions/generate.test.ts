// Generation against a real local OpenAI-compatible server that answers with a mix of exact,
// perturbed and invented excerpts, duplicates, a self-answering question and one malformed reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, openaiReply, anthropicReply, type TestServer } from '../llm/server.ts';
import { createHttpProvider, MemoryAnswerCache } from '../../../src/engine/llm/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { estimateQuestions, generateQuestions, planQuestions } from '../../../src/engine/questions/index.ts';
import type { Doc } from '../../../src/engine/types.ts';

const DOC_A = `# Manual\n\n## Reembolso\n\nA Aurora paga o reembolso em até 20 dias úteis, contados do envio dos documentos.\n\nO pedido deve ser enviado em até 180 dias a partir da data do atendimento.\n\n## Carência\n\nConsultas não têm carência. Internações têm carência de 180 dias.`;
const DOC_B = `# Loja\n\n## Trocas\n\nVocê pode trocar um produto em até 30 dias corridos após o recebimento.\n\nO frete da primeira troca é por nossa conta.`;

function passageOf(user: string): string {
  const m = /<trecho>\n([\s\S]*?)\n<\/trecho>|<passage>\n([\s\S]*?)\n<\/passage>/.exec(user);
  return (m?.[1] ?? m?.[2]) ?? '';
}

/** Scripted answers by passage content: every kind of good and bad reply. */
function answerFor(passage: string): string {
  if (/Aurora paga|Consultas|Carência|Reembolso/.test(passage))
    return JSON.stringify({
      questions: [
        { question: 'Em quantos dias o dinheiro do reembolso cai na conta?', excerpts: ['A Aurora paga o reembolso em até 20 dias úteis'] }, // exact
        { question: 'Qual é o limite de tempo para pedir o reembolso?', excerpts: ['o pedido deve ser enviado em até 180 dias'] }, // case perturbed
        { question: 'Quanto custa a consulta particular?', excerpts: ['A consulta custa R$ 300'] }, // invented
        { question: 'Em quantos dias o dinheiro do reembolso cai na conta??', excerpts: ['paga o reembolso em até 20 dias úteis'] }, // duplicate
        { question: 'Por que a Aurora paga o reembolso em até 20 dias úteis?', excerpts: ['paga o reembolso em até 20 dias úteis'] }, // answers itself
        { question: 'Curta?', excerpts: ['até'] }, // too short
        { question: 42, excerpts: ['x'] }, // malformed item
        { question: '<img src=x onerror=alert(1)> Tem carência para consulta?', excerpts: ['Consultas não têm carência'] }, // hostile text, kept as text
      ],
    });
  if (passage.includes('trocar')) return 'Desculpe, não consigo responder em JSON.'; // malformed answer
  return JSON.stringify({ questions: [] });
}

describe('question generation against a local server', () => {
  let server: TestServer;
  let docs: Doc[];
  beforeAll(async () => {
    server = await startServer((req) => openaiReply(answerFor(passageOf(req.body.messages[1].content))));
    docs = [parseDocument({ id: 'manual', text: DOC_A, format: 'markdown', meta: { language: 'pt' } }), parseDocument({ id: 'loja', text: DOC_B, format: 'markdown', meta: { language: 'pt' } })];
  });
  afterAll(() => server.close());

  it('keeps the good questions with exact spans and rejects the rest by reason', async () => {
    const provider = createHttpProvider({ kind: 'openai', model: 'test-model', baseUrl: `${server.url}/v1` });
    const plan = planQuestions(docs, provider.id, { count: 4, perCall: 8, passageTokens: 400, seed: 1 });
    expect(plan.jobs.map((j) => j.passage.docId).sort()).toEqual(['loja', 'manual']);
    const cache = new MemoryAnswerCache();
    const before = server.requests.length;
    const report = await generateQuestions(docs, plan, { provider, cache });
    expect(server.requests.length - before).toBe(2);
    // JSON mode was asked for
    expect(server.requests[before].body.response_format).toEqual({ type: 'json_object' });
    expect(report.kept.map((q) => q.text)).toEqual([
      'Em quantos dias o dinheiro do reembolso cai na conta?',
      'Qual é o limite de tempo para pedir o reembolso?',
      '<img src=x onerror=alert(1)> Tem carência para consulta?',
    ]);
    const [exact, perturbed, hostile] = report.kept;
    expect(DOC_A.slice(exact.gold[0].start, exact.gold[0].end)).toBe('A Aurora paga o reembolso em até 20 dias úteis');
    expect(exact.provenance.located).toEqual(['exact']);
    expect(DOC_A.slice(perturbed.gold[0].start, perturbed.gold[0].end)).toBe('O pedido deve ser enviado em até 180 dias');
    expect(perturbed.provenance.located).toEqual(['normalised']);
    expect(DOC_A.slice(hostile.gold[0].start, hostile.gold[0].end)).toBe('Consultas não têm carência');
    expect(exact.provenance).toMatchObject({ model: 'openai:test-model', promptVersion: 'q1', kind: 'plain' });
    expect(report.counts).toMatchObject({
      'excerpt-not-found': 1,
      duplicate: 1,
      'answers-itself': 1,
      'excerpt-too-short': 1,
      'malformed-item': 1,
      'malformed-answer': 1,
    });
    expect(report.received).toBe(8);
    // The estimate says the cached call is free; the malformed answer was not cached, so it is asked again.
    expect((await estimateQuestions(plan, { cache })).calls).toBe(1);
    expect((await estimateQuestions(plan)).calls).toBe(2);
    // A rerun reads the good answer from the cache and asks only the passage whose answer was malformed.
    const again = await generateQuestions(docs, plan, { provider, cache });
    expect(server.requests.length - before).toBe(3);
    expect(passageOf(server.requests.at(-1)!.body.messages[1].content)).toContain('trocar');
    expect(again.cached).toBe(1);
    expect(again.counts['malformed-answer']).toBe(1);
    expect(again.kept).toEqual(report.kept);
    // A malformed answer already in a cache (an older version kept them) is asked again too.
    const old = new MemoryAnswerCache();
    for (const j of plan.jobs) await old.set(j.cacheKey, 'not json at all');
    const n = server.requests.length;
    const fresh = await generateQuestions(docs, plan, { provider, cache: old });
    expect(server.requests.length - n).toBe(2);
    expect(fresh.kept).toEqual(report.kept);
  });

  it('questions already in the set count as duplicates; a cancelled run resumes from the cache', async () => {
    const provider = createHttpProvider({ kind: 'openai', model: 'test-model-2', baseUrl: `${server.url}/v1` });
    const plan = planQuestions(docs, provider.id, { count: 4, perCall: 8, passageTokens: 400, seed: 1 });
    const cache = new MemoryAnswerCache();
    const ctrl = new AbortController();
    const before = server.requests.length;
    await expect(
      generateQuestions(docs, plan, { provider, cache, signal: ctrl.signal, onProgress: (p) => p.done === 1 && ctrl.abort() }),
    ).rejects.toThrow();
    const made = server.requests.length - before;
    expect(made).toBe(1);
    const r = await generateQuestions(docs, plan, { provider, cache, existing: ['Qual é o limite de tempo para pedir o reembolso?'] });
    expect(server.requests.length - before).toBe(2); // only the missing call
    expect(r.kept.map((q) => q.text)).not.toContain('Qual é o limite de tempo para pedir o reembolso?');
    expect(r.counts.duplicate).toBe(2);
  });

  it('retries a 429 with Retry-After and speaks the Anthropic shape', async () => {
    let n = 0;
    const s = await startServer((req) => {
      if (++n === 1) return { status: 429, headers: { 'retry-after': '0' }, json: { error: 'slow down' } };
      // Anthropic: the answer continues the prefilled "{".
      expect(req.body.messages.at(-1)).toEqual({ role: 'assistant', content: '{' });
      return anthropicReply(answerFor(passageOf(req.body.messages[0].content)).slice(1));
    });
    try {
      const provider = createHttpProvider({ kind: 'anthropic', model: 'claude-test', apiKey: 'sk-secret', baseUrl: s.url });
      const plan = planQuestions([docs[0]], provider.id, { count: 2, perCall: 8, passageTokens: 400 });
      const r = await generateQuestions([docs[0]], plan, { provider });
      expect(n).toBe(2);
      expect(r.kept).toHaveLength(3);
    } finally {
      await s.close();
    }
  });

  it('a timeout fails the run with a clear message, or is counted when asked to skip', async () => {
    const s = await startServer(() => 'hang');
    try {
      const provider = createHttpProvider({ kind: 'openai', model: 'slow', baseUrl: `${s.url}/v1`, timeoutMs: 200, maxAttempts: 1 });
      const plan = planQuestions([docs[1]], provider.id, { count: 1 });
      await expect(generateQuestions([docs[1]], plan, { provider })).rejects.toThrow(/timeout/);
      const r = await generateQuestions([docs[1]], plan, { provider, onCallError: 'skip' });
      expect(r.counts['call-failed']).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('twin questions ask about a look-alike passage and record it as not relevant', () => {
    const plan = planQuestions(docs, 'openai:x', { count: 2, perCall: 1, kinds: ['twin'], passageTokens: 40 });
    for (const j of plan.jobs) {
      expect(j.kind).toBe('twin');
      expect(j.lookAlike).toBeDefined();
      expect(j.user).toContain('<parecido>');
    }
  });
});
