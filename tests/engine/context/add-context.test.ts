// The context step end to end against a real local OpenAI-shaped server and the real bundled
// tokenizer: placement before the header, the cap after adding sentences, caching, cancel and resume,
// provider errors, progress, and the contextualizer the experiment pipeline calls.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import {
  addContext,
  applyContext,
  chunkingCap,
  contextKeyOf,
  createContextualizer,
  cutToFit,
  generateContexts,
  lookupContexts,
  type ContextReport,
} from '../../../src/engine/context/add-context.ts';
import { MemoryAnswerCache } from '../../../src/engine/llm/cache.ts';
import { createOpenAIProvider } from '../../../src/engine/llm/providers.ts';
import type { ContextProgress } from '../../../src/engine/context/progress.ts';
import { InputError, type Chunk, type Doc, type TextTokenizer } from '../../../src/engine/types.ts';
import { openaiReply, startServer, type Recorded, type TestServer } from '../llm/server.ts';

const KEY = 'sk-ctx-test-key-abcdef123456';
let tok: TextTokenizer;
let server: TestServer | undefined;
beforeAll(async () => {
  tok = await loadDefaultTokenizer();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const MD = `# Manual de Reembolso

Este manual descreve como funcionários pedem reembolso de despesas de viagem e de representação.

## Prazos

O pedido deve ser enviado em até 30 dias após a despesa. Pedidos fora do prazo precisam da aprovação do diretor da área, que pode recusá-los sem justificativa.

Despesas acima de R$ 500 exigem nota fiscal eletrônica em nome da empresa.

## Aprovação

O gestor imediato aprova pedidos de até R$ 2.000. Acima disso, a aprovação passa também pela controladoria, que confere as notas e os centros de custo.

### Recusas

Um pedido recusado pode ser corrigido e reenviado uma única vez, dentro do mesmo prazo de 30 dias.
`;

function makeDoc(id = 'manual', text = MD): Doc {
  return parseDocument({ id, text, format: 'markdown', meta: { language: 'pt' } });
}

const MAX = 64;
const CTX = 24;

async function chunksOf(doc: Doc): Promise<Chunk[]> {
  return chunkDocument(doc, 'recursive', { maxTokens: chunkingCap(MAX, CTX), header: true }, { tokenizer: tok });
}

/** The chunk text the server saw in a prompt (between the chunk tags of the Portuguese template). */
function chunkTextOf(req: Recorded): string {
  const user = req.body.messages[1].content as string;
  return /<trecho>\n([\s\S]*?)\n<\/trecho>/.exec(user)![1];
}

/** A server that answers each prompt with a sentence naming the chunk's first words. */
function sentenceServer(long = false) {
  return (req: Recorded) => {
    const words = chunkTextOf(req).split(/\s+/).slice(0, 3).join(' ');
    const extra = long ? ' ' + 'e ainda muitas outras palavras que descrevem o contexto em detalhe'.repeat(4) : '';
    return openaiReply(`Contexto: "Trecho do manual sobre ${words}${extra}."`);
  };
}

function provider(url: string, extra = {}) {
  return createOpenAIProvider({ kind: 'openai', model: 'test-model', baseUrl: url, apiKey: KEY, ...extra }, { sleep: async () => {} });
}

describe('addContext', () => {
  it('puts a cleaned sentence before the header, in `context`, counted in tokens and within the cap', async () => {
    server = await startServer(sentenceServer());
    const doc = makeDoc();
    const chunks = await chunksOf(doc);
    expect(chunks.length).toBeGreaterThan(2);
    const reports: ContextReport[] = [];
    const out = await addContext(doc, chunks, { provider: provider(server.url), tokenizer: tok, maxTokens: MAX, contextTokens: CTX, onReport: (r) => reports.push(r) });
    expect(out).toHaveLength(chunks.length);
    expect(server.requests).toHaveLength(chunks.length);
    for (const [i, c] of out.entries()) {
      const orig = chunks[i];
      expect(c.context).toBeTruthy();
      expect(c.context).not.toMatch(/^Contexto|"/); // label and quotes cleaned
      expect(c.prefix).toBe(`${c.context}\n${orig.prefix}`); // sentence first, then the header
      expect(orig.prefix).toMatch(/^Manual de Reembolso/); // the structural header is still there
      const text = doc.text.slice(c.start, c.end);
      expect(c.tokens).toBe(tok.count(c.prefix + text));
      expect(c.tokens).toBeLessThanOrEqual(MAX);
      expect(tok.count(c.context! + '\n')).toBeLessThanOrEqual(CTX);
      expect([c.start, c.end, c.id]).toEqual([orig.start, orig.end, orig.id]);
      expect(orig.context).toBeUndefined(); // inputs untouched
    }
    expect(reports[0]).toMatchObject({ chunks: chunks.length, calls: chunks.length, cached: 0, inputTokens: 100 * chunks.length, outputTokens: 20 * chunks.length });
    // The prompt carries the document, the heading path and the chunk.
    const user = server.requests[0].body.messages[1].content as string;
    expect(user).toContain(doc.text);
    expect(user).toContain(chunks[0].headingPath.join(' > ') || '(nenhuma)');
    expect(server.requests[0].body.messages[0].content).toMatch(/português/);
  });

  it('cuts a sentence over the budget at a word boundary, reports it, and never exceeds the cap', async () => {
    const generated = new Map<string, string>(); // chunk text → sentence as the model wrote it
    const answer = sentenceServer(true);
    server = await startServer((req) => {
      const reply = answer(req) as { json: { choices: { message: { content: string } }[] } };
      generated.set(chunkTextOf(req), reply.json.choices[0].message.content.replace(/^Contexto: "|"$/g, ''));
      return reply;
    });
    const doc = makeDoc();
    const chunks = await chunksOf(doc);
    let report: ContextReport | undefined;
    const out = await addContext(doc, chunks, { provider: provider(server.url), tokenizer: tok, maxTokens: MAX, contextTokens: CTX, onReport: (r) => (report = r) });
    expect(report!.notes.length).toBe(chunks.length);
    expect(report!.notes.some((n) => n.kind === 'cut')).toBe(true);
    for (const [i, c] of out.entries()) {
      const text = doc.text.slice(c.start, c.end);
      const total = tok.count(c.prefix + text);
      expect(total).toBe(c.tokens);
      expect(total).toBeLessThanOrEqual(MAX);
      const full = generated.get(text)!;
      const note = report!.notes.find((n) => n.chunkId === c.id)!;
      expect(note.generatedTokens).toBe(tok.count(full));
      expect(note.generatedTokens).toBeGreaterThan(CTX);
      if (note.kind === 'dropped') {
        expect(c.context).toBeUndefined();
        expect(c.prefix).toBe(chunks[i].prefix);
        continue;
      }
      const kept = c.context!;
      expect(note.keptTokens).toBe(tok.count(kept));
      // A word boundary: the kept text is the start of the sentence and the next character is a space.
      expect(full.startsWith(kept)).toBe(true);
      expect(full[kept.length]).toBe(' ');
      // And it is the longest such start: one more word breaks the sentence budget or the cap.
      const nextEnd = full.indexOf(' ', kept.length + 1);
      const longer = nextEnd < 0 ? full : full.slice(0, nextEnd);
      const over = tok.count(longer + '\n') > CTX || tok.count(`${longer}\n${chunks[i].prefix}${text}`) > MAX;
      expect(over).toBe(true);
    }
  });

  it('a second run with the same cache makes zero calls and gives the same chunks', async () => {
    server = await startServer(sentenceServer());
    const doc = makeDoc();
    const chunks = await chunksOf(doc);
    const cache = new MemoryAnswerCache();
    const opts = { provider: provider(server.url), tokenizer: tok, maxTokens: MAX, contextTokens: CTX, cache };
    const first = await addContext(doc, chunks, opts);
    const calls = server.requests.length;
    expect(calls).toBe(chunks.length);
    expect(cache.size).toBe(chunks.length);
    let report: ContextReport | undefined;
    const second = await addContext(doc, chunks, { ...opts, onReport: (r) => (report = r) });
    expect(server.requests.length).toBe(calls);
    expect(second).toEqual(first);
    expect(report).toMatchObject({ calls: 0, cached: chunks.length });
  });

  it('a different model or prompt misses the cache; a different document text misses it too', async () => {
    const doc = makeDoc();
    const chunks = await chunksOf(doc);
    const k = contextKeyOf(doc, chunks[0], 'openai:a');
    expect(contextKeyOf(doc, chunks[0], 'openai:b')).not.toBe(k);
    expect(contextKeyOf(doc, chunks[0], 'openai:a', { prompt: { system: 's', user: '{{document}} {{chunk}}' } })).not.toBe(k);
    expect(contextKeyOf(doc, chunks[0], 'openai:a', { documentBudgetTokens: 100 })).not.toBe(k);
    const edited = makeDoc('manual', MD + '\nUma linha nova.\n');
    expect(contextKeyOf(edited, chunks[0], 'openai:a')).not.toBe(k);
    expect(contextKeyOf(makeDoc(), chunks[0], 'openai:a')).toBe(k);
  });

  it('cancel mid-run stops promptly, keeps only completed chunks, and resume makes exactly the missing calls', async () => {
    const doc = makeDoc();
    const chunks = await chunksOf(doc);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    const ctrl = new AbortController();
    const answer = sentenceServer();
    // Answer the first two, then hang on the third and cancel from the client.
    server = await startServer((req, n) => {
      if (n <= 2) return answer(req);
      setTimeout(() => ctrl.abort(), 10);
      return 'hang';
    });
    const cache = new MemoryAnswerCache();
    const progress: ContextProgress[] = [];
    const p = provider(server.url, { timeoutMs: 60_000 });
    const run = generateContexts(
      chunks.map((chunk) => ({ doc, chunk })),
      { provider: p, cache, signal: ctrl.signal, onProgress: (x) => progress.push({ ...x }) },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(3); // nothing was started after the cancel
    expect(cache.size).toBe(2);
    expect(progress.at(-1)).toMatchObject({ done: 2, total: chunks.length });

    // Resume with a server that answers everything: exactly the missing chunks are asked for.
    server.handle(answer);
    const before = server.requests.length;
    const asked: string[] = [];
    const resumed = await generateContexts(
      chunks.map((chunk) => ({ doc, chunk })),
      { provider: p, cache, onProgress: (x) => progress.push({ ...x }) },
    );
    for (const r of server.requests.slice(before)) asked.push(chunkTextOf(r));
    expect(server.requests.length - before).toBe(chunks.length - 2);
    expect(resumed.stats).toMatchObject({ cached: 2, calls: chunks.length - 2 });
    // The ones asked for are exactly those not answered before.
    const answeredFirst = server.requests.slice(0, 2).map(chunkTextOf);
    const expected = chunks.map((c) => doc.text.slice(c.start, c.end)).filter((t) => !answeredFirst.includes(t));
    expect(asked.sort()).toEqual(expected.sort());
    expect(resumed.sentences.size).toBe(chunks.length);
    expect(progress.at(-1)).toMatchObject({ done: chunks.length, total: chunks.length });
  });

  it('cancel with several requests in flight: all are aborted, none is cached', async () => {
    const doc = makeDoc();
    const chunks = await chunksOf(doc);
    const ctrl = new AbortController();
    server = await startServer((_req, n) => {
      if (n === 3) setTimeout(() => ctrl.abort(), 10);
      return 'hang';
    });
    const cache = new MemoryAnswerCache();
    const run = generateContexts(
      chunks.map((chunk) => ({ doc, chunk })),
      { provider: provider(server.url), cache, signal: ctrl.signal, concurrency: 3 },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(3);
    expect(cache.size).toBe(0);
  });

  it('a provider error (401) stops the run, keeps what finished, and carries no key', async () => {
    const doc = makeDoc();
    const chunks = await chunksOf(doc);
    const answer = sentenceServer();
    server = await startServer((req, n) => (n === 1 ? answer(req) : { status: 401, json: { error: { message: `bad key ${KEY}` } } }));
    const cache = new MemoryAnswerCache();
    const err = await generateContexts(
      chunks.map((chunk) => ({ doc, chunk })),
      { provider: provider(server.url), cache },
    ).catch((e) => e);
    expect(err.kind).toBe('auth');
    expect(err.message).not.toContain(KEY);
    expect(server.requests).toHaveLength(2);
    expect(cache.size).toBe(1);
  });

  it('identical chunks in one document share one call', async () => {
    server = await startServer(sentenceServer());
    const text = '# T\n\nO mesmo parágrafo repetido.\n\n# T\n\nO mesmo parágrafo repetido.\n';
    const doc = makeDoc('rep', text);
    const a = text.indexOf('O mesmo');
    const b = text.lastIndexOf('O mesmo');
    const len = 'O mesmo parágrafo repetido.'.length;
    const mk = (i: number, s: number): Chunk => ({ id: `rep#${i}`, docId: 'rep', index: i, start: s, end: s + len, prefix: '', tokens: 0, headingPath: ['T'], flags: [] });
    const { sentences, stats } = await generateContexts([mk(0, a), mk(1, b)].map((chunk) => ({ doc, chunk })), { provider: provider(server.url) });
    expect(server.requests).toHaveLength(1);
    expect(stats.calls).toBe(1);
    expect(sentences.get('rep#0')).toBe(sentences.get('rep#1'));
  });

  it('rejects chunks that do not belong to the document', async () => {
    const doc = makeDoc();
    const chunks = await chunksOf(doc);
    const wrong = { ...chunks[0], docId: 'other' };
    await expect(generateContexts([{ doc, chunk: wrong }], { provider: provider('http://127.0.0.1:9') })).rejects.toThrow(InputError);
    const outside = { ...chunks[0], end: doc.text.length + 5 };
    await expect(generateContexts([{ doc, chunk: outside }], { provider: provider('http://127.0.0.1:9') })).rejects.toThrow(/outside/);
  });
});

describe('applyContext and cutToFit', () => {
  it('drops a sentence when the chunk has no room left, and leaves chunks without a sentence unchanged', async () => {
    const doc = makeDoc();
    // Chunked at the full cap: no room reserved.
    const full = await chunkDocument(doc, 'recursive', { maxTokens: 24, header: false }, { tokenizer: tok });
    const tight = full.find((c) => c.tokens === 24) ?? full.reduce((a, b) => (b.tokens > a.tokens ? b : a));
    const other = full.find((c) => c !== tight)!;
    const sentences = new Map([[tight.id, 'Uma frase de contexto qualquer.']]);
    const r = applyContext(doc, [tight, other], sentences, { tokenizer: tok, maxTokens: tight.tokens, contextTokens: 60 });
    expect(r.notes).toEqual([{ chunkId: tight.id, kind: 'dropped', generatedTokens: tok.count('Uma frase de contexto qualquer.'), keptTokens: 0 }]);
    expect(r.chunks[0].prefix).toBe(tight.prefix);
    expect(r.chunks[0].context).toBeUndefined();
    expect(r.missing).toEqual([other.id]);
    expect(r.chunks[1]).toBe(other);
    // A model that wrote nothing usable: reported as dropped, prefix unchanged.
    const empty = applyContext(doc, [other], new Map([[other.id, '']]), { tokenizer: tok, maxTokens: 64 });
    expect(empty.notes).toEqual([{ chunkId: other.id, kind: 'dropped', generatedTokens: 0, keptTokens: 0 }]);
    expect(empty.chunks[0].prefix).toBe(other.prefix);
  });

  it('re-applying replaces the previous sentence instead of stacking a second one', async () => {
    const doc = makeDoc();
    const chunks = await chunksOf(doc);
    const fit = { tokenizer: tok, maxTokens: MAX, contextTokens: CTX };
    const once = applyContext(doc, chunks, new Map(chunks.map((c) => [c.id, 'Primeira frase.'])), fit).chunks;
    const twice = applyContext(doc, once, new Map(chunks.map((c) => [c.id, 'Segunda frase.'])), fit).chunks;
    for (const [i, c] of twice.entries()) expect(c.prefix).toBe(`Segunda frase.\n${chunks[i].prefix}`);
  });

  it('cutToFit finds the longest word-boundary prefix that fits, trimming a dangling comma', () => {
    const s = 'um dois, três quatro cinco seis';
    // fits when at most 3 words
    const fits = (x: string) => x.split(' ').length <= 3;
    expect(cutToFit(s, fits)).toBe('um dois, três');
    expect(cutToFit(s, (x) => x.split(' ').length <= 2)).toBe('um dois');
    expect(cutToFit(s, () => false)).toBe('');
    expect(cutToFit(s, () => true)).toBe(s);
  });

  it('chunkingCap reserves the budget and refuses to leave nothing', () => {
    expect(chunkingCap(256)).toBe(196);
    expect(chunkingCap(256, 100)).toBe(156);
    expect(() => chunkingCap(64, 60)).toThrow(InputError);
  });

  it('keeps returnTokens in step for chunks that return a wider range', async () => {
    const doc = makeDoc();
    const [c] = await chunksOf(doc);
    const child: Chunk = { ...c, returnStart: 0, returnEnd: doc.text.length, returnTokens: 0 };
    const [out] = applyContext(doc, [child], new Map([[c.id, 'Frase.']]), { tokenizer: tok, maxTokens: MAX, contextTokens: CTX }).chunks;
    expect(out.returnTokens).toBe(tok.count(out.prefix + doc.text));
  });
});

describe('createContextualizer (the experiment hook)', () => {
  it('reads sentences from the cache only, and refuses when some are missing', async () => {
    server = await startServer(sentenceServer());
    const doc = makeDoc();
    const doc2 = makeDoc('outro', '# Outro\n\nUm segundo documento, curto, sobre férias.\n');
    const chunks = [...(await chunksOf(doc)), ...(await chunksOf(doc2))];
    const docs = new Map([
      [doc.id, doc],
      [doc2.id, doc2],
    ]);
    const cache = new MemoryAnswerCache();
    const p = provider(server.url);
    const fit = { tokenizer: tok, maxTokens: MAX, contextTokens: CTX };
    // Only the first document generated so far.
    await generateContexts(chunks.filter((c) => c.docId === doc.id).map((chunk) => ({ doc, chunk })), { provider: p, cache });
    const calls = server.requests.length;
    const readOnly = createContextualizer({ ...fit, cache, model: p.id });
    await expect(readOnly(docs, chunks)).rejects.toThrow(/1 of \d+ chunks have no generated context/);
    expect(server.requests.length).toBe(calls);
    // With the provider the missing one is generated; then the read-only hook succeeds, same order.
    const generating = createContextualizer({ ...fit, cache, model: p.id, provider: p });
    const a = await generating(docs, chunks);
    expect(server.requests.length).toBe(calls + 1);
    const b = await readOnly(docs, chunks);
    expect(b).toEqual(a);
    expect(b.map((c) => c.id)).toEqual(chunks.map((c) => c.id));
    expect(b.every((c) => c.context && c.tokens <= MAX)).toBe(true);
    const found = await lookupContexts(chunks.map((chunk) => ({ doc: docs.get(chunk.docId)!, chunk })), cache, p.id);
    expect(found.size).toBe(chunks.length);
  });
});
