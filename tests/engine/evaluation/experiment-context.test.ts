// runExperiment with generated context and with a per-document semantic embedder: chunking at the
// reduced cap, the contextualizer called once right after chunking, sentences indexed, the config
// recorded without secrets, the baseline arm's identical boundaries, and the refusals.
import { beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { runExperiment, type ExperimentConfig } from '../../../src/engine/evaluation/experiment.ts';
import { readSquad } from '../../../src/engine/formats/squad.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { contextRunConfig, createContextualizer } from '../../../src/engine/context/index.ts';
import { MemoryAnswerCache, type TextGenerator } from '../../../src/engine/llm/index.ts';
import { lexicalEmbedderFor } from '../../../src/engine/embedding/lexical.ts';
import { InputError, type Chunk, type Doc, type TextTokenizer } from '../../../src/engine/types.ts';
import type { Dataset } from '../../../src/engine/evaluation/dataset.ts';
import { independentMetrics } from './independent-scorer.ts';
import { METRIC_KEYS } from '../../../src/engine/evaluation/types.ts';

const ds: Dataset = readSquad(readFileSync(new URL('../../fixtures/datasets/squad-mini.json', import.meta.url), 'utf8'));
let tokenizer: TextTokenizer;
beforeAll(async () => {
  tokenizer = await loadDefaultTokenizer();
});

/** A provider that names the first word of each chunk, and counts its calls. */
function wordProvider() {
  const p = {
    id: 'openai:word-model',
    calls: 0,
    async generate(prompt: { user: string }) {
      p.calls++;
      const chunk = /<chunk>\n([\s\S]*?)\n<\/chunk>/.exec(prompt.user)?.[1] ?? '';
      return { text: `Passage opening with quixotic${chunk.split(/\W+/).find(Boolean)?.toLowerCase()}.` };
    },
  };
  return p satisfies TextGenerator & { calls: number };
}

const base: ExperimentConfig = { chunker: 'sentences', params: { maxTokens: 48, header: true }, retriever: { kind: 'bm25' }, k: 10 };
const providerConfig = { kind: 'openai' as const, model: 'word-model', apiKey: 'sk-never-in-files-123', baseUrl: 'https://user:pw@llm.example/v1?api_key=abc' };

describe('generated context in runExperiment', () => {
  test('chunks at maxTokens − contextTokens, contextualizes once, indexes the sentences, records the config', async () => {
    const provider = wordProvider();
    const context = contextRunConfig(providerConfig, { contextTokens: 16 });
    const inner = createContextualizer({ cache: new MemoryAnswerCache(), model: provider.id, provider, tokenizer, maxTokens: 48, contextTokens: 16 });
    const seen: Chunk[][] = [];
    const r = await runExperiment(ds, { ...base, context }, {
      tokenizer,
      contextualize: async (docs, chunks) => {
        seen.push([...chunks]);
        return inner(docs, chunks);
      },
    });
    expect(seen).toHaveLength(1);
    const before = seen[0];
    // chunked at the reduced cap, with the header on
    for (const c of before) expect(c.tokens).toBeLessThanOrEqual(32);
    expect(before.some((c) => c.prefix.length > 0)).toBe(true);
    expect(provider.calls).toBe(before.length);
    // the results' units are the contextualized chunks: same ranges, more tokens, within the real cap
    expect(r.chunks.map((c) => c.id)).toEqual(before.map((c) => c.id));
    r.chunks.forEach((c, i) => {
      expect(c.tokens).toBeLessThanOrEqual(48);
      expect(c.tokens).toBeGreaterThan(before[i].tokens);
    });
    // the config: the reduced cap, the context settings, and no secret
    expect(r.config.chunkingMaxTokens).toBe(32);
    expect((r.config.params as { maxTokens: number }).maxTokens).toBe(48);
    expect(r.config.context).toEqual(context);
    const json = JSON.stringify(r);
    expect(json).not.toContain('sk-never-in-files-123');
    expect(json).not.toContain('user:pw');
    expect(json).not.toContain('api_key=abc');
    const ind = independentMetrics(r.chunks, r.questions);
    for (const k of METRIC_KEYS) expect(Math.abs(r.metrics[k] - ind[k]), k).toBeLessThan(1e-9);
  });

  test('BM25 indexes the sentence: a made-up word only a sentence holds ranks its chunk first', async () => {
    const provider = wordProvider();
    const context = contextRunConfig(providerConfig, { contextTokens: 16 });
    const contextualize = createContextualizer({ cache: new MemoryAnswerCache(), model: provider.id, provider, tokenizer, maxTokens: 48, contextTokens: 16 });
    let target: Chunk | undefined;
    let docText = '';
    const probe: Dataset = { ...ds, questions: [] };
    await runExperiment(probe, { ...base, context }, {
      tokenizer,
      contextualize: async (docs, chunks) => {
        const out = await contextualize(docs, chunks);
        target = out.find((c) => c.docId === 'Solar System' && c.index === 1);
        docText = docs.get(target!.docId)!.text;
        return out;
      },
    });
    const word = /quixotic\w+/.exec(target!.context!)![0];
    expect(docText).not.toContain('quixotic');
    // a question whose only term is that word, gold inside the target chunk
    const gold = { docId: target!.docId, start: target!.start, end: Math.min(target!.end, target!.start + 10) };
    const q: Dataset = { ...ds, questions: [{ id: 'probe', text: word, gold: [gold] }], skipped: [] };
    const r = await runExperiment(q, { ...base, context }, { tokenizer, contextualize });
    expect(r.questions[0].ranked[0]).toBe(target!.id);
    const rb = await runExperiment(q, { ...base, contextBaseline: { contextTokens: 16 } }, { tokenizer });
    expect(rb.questions[0].ranked).toEqual([]);
  });

  test('the baseline arm: same cap, same boundaries, no sentence, recorded', async () => {
    const provider = wordProvider();
    const context = contextRunConfig(providerConfig, { contextTokens: 16 });
    const contextualize = createContextualizer({ cache: new MemoryAnswerCache(), model: provider.id, provider, tokenizer, maxTokens: 48, contextTokens: 16 });
    const withCtx = await runExperiment(ds, { ...base, context }, { tokenizer, contextualize });
    const baseline = await runExperiment(ds, { ...base, contextBaseline: { contextTokens: 16 } }, { tokenizer });
    const plainAt32 = await runExperiment(ds, { ...base, params: { maxTokens: 32, header: true } }, { tokenizer });
    const ranges = (r: typeof withCtx) => r.chunks.map((c) => [c.id, c.start, c.end]);
    expect(ranges(baseline)).toEqual(ranges(withCtx));
    // the baseline is exactly the plain run at the reduced cap
    expect(ranges(baseline)).toEqual(ranges(plainAt32));
    expect(baseline.chunks.map((c) => c.tokens)).toEqual(plainAt32.chunks.map((c) => c.tokens));
    expect(baseline.config.contextBaseline).toEqual({ contextTokens: 16 });
    expect(baseline.config.chunkingMaxTokens).toBe(32);
    expect(baseline.config.context).toBeUndefined();
  });

  test('refusals are InputErrors', async () => {
    const context = contextRunConfig(providerConfig, { contextTokens: 16 });
    const contextualize = async (_d: ReadonlyMap<string, Doc>, c: readonly Chunk[]) => [...c];
    await expect(runExperiment(ds, { ...base, context }, { tokenizer })).rejects.toThrow(/no contextualizer/);
    await expect(runExperiment(ds, { ...base, context, contextBaseline: {} }, { tokenizer, contextualize })).rejects.toThrow(/not both/);
    await expect(runExperiment(ds, { ...base, chunker: 'external', context }, { tokenizer, contextualize, chunks: [] })).rejects.toThrow(/needs a chunker/);
    const leaky = { ...context, provider: { ...context.provider, apiKey: 'sk-x' } };
    await expect(runExperiment(ds, { ...base, context: leaky }, { tokenizer, contextualize })).rejects.toThrow(/secret field/);
    await expect(runExperiment(ds, { ...base, contextBaseline: { contextTokens: 45 } }, { tokenizer })).rejects.toThrow(InputError);
  });
});

describe('per-document semantic embedder', () => {
  test('embedFor is asked once per document, each document embeds only its own texts, and it is recorded', async () => {
    const asked: string[] = [];
    const textsOf = new Map<string, string[]>();
    const r = await runExperiment(ds, { chunker: 'semantic', params: { maxTokens: 64 }, retriever: { kind: 'bm25' }, semanticEmbedder: 'lexical-tfidf' }, {
      tokenizer,
      embed: async () => {
        throw new Error('the shared embed must not be used when embedFor is given');
      },
      embedFor: (doc) => {
        asked.push(doc.id);
        const e = lexicalEmbedderFor(doc);
        return async (texts) => {
          textsOf.set(doc.id, [...(textsOf.get(doc.id) ?? []), ...texts]);
          return e.embed(texts);
        };
      },
    });
    expect(asked).toEqual(ds.documents.map((d) => d.id));
    expect(asked).toHaveLength(2);
    for (const [id, texts] of textsOf) {
      const doc = ds.documents.find((d) => d.id === id)!;
      for (const t of texts) expect(doc.text).toContain(t);
    }
    expect(r.config.semanticEmbedder).toBe('lexical-tfidf');
    // not recorded for other chunkers
    const s = await runExperiment(ds, { chunker: 'sentences', params: { maxTokens: 64 }, retriever: { kind: 'bm25' }, semanticEmbedder: 'lexical-tfidf' }, { tokenizer });
    expect(s.config.semanticEmbedder).toBeUndefined();
  });
});
