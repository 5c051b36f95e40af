// The registry (one source of truth for ids, defaults and help) and the corpus runner (progress, abort).

import { expect, test } from 'vitest';
import { BASELINE_IDS, chunkCorpus, chunkDocument, CHUNKERS, CHUNKER_IDS, resolveParams } from '../../../src/engine/chunkers/index.ts';
import { enDoc, fakeEmbed, ptDoc, tokenizer } from './helpers.ts';

test('every chunker id of the contract is registered, with bilingual label, 2-line summary and params', () => {
  expect([...CHUNKER_IDS].sort()).toEqual([
    'chonkie-recursive',
    'fixed',
    'langchain-recursive',
    'llamaindex-sentence',
    'llm',
    'mastra-markdown',
    'mastra-recursive',
    'recursive',
    'semantic',
    'sentence-window',
    'sentences',
    'small-to-big',
    'structure',
  ]);
  for (const [id, info] of Object.entries(CHUNKERS)) {
    expect(info.id).toBe(id);
    expect(info.chunker.id).toBe(id);
    for (const lang of ['pt', 'en'] as const) {
      expect(info.label[lang].length).toBeGreaterThan(2);
      expect(info.summary[lang].split('\n').length).toBe(2);
    }
    const names = info.params.map((p) => p.name);
    // The baselines take the library's chunkSize and chunkOverlap, and no header (their chunks are the library's).
    expect(names.slice(0, 3)).toEqual(BASELINE_IDS.includes(info.id) ? ['maxTokens', 'overlap'] : ['maxTokens', 'overlap', 'header']);
    expect(new Set(names).size).toBe(names.length);
    for (const p of info.params) {
      expect(p.help.pt && p.help.en).toBeTruthy();
      if (p.type === 'enum') expect(p.options).toContain(p.default);
      if (p.type === 'int' || p.type === 'number') {
        expect(typeof p.default).toBe('number');
        if (p.min !== undefined) expect(p.default as number).toBeGreaterThanOrEqual(p.min);
        if (p.max !== undefined) expect(p.default as number).toBeLessThanOrEqual(p.max);
      }
    }
  }
});

test('defaults come from the registry', () => {
  const r = resolveParams('structure', { maxTokens: 100 });
  expect(r).toMatchObject({ maxTokens: 100, overlap: 0, header: false, level: 2, merge: true });
  expect(resolveParams('fixed', {}).maxTokens).toBe(CHUNKERS.fixed.params[0].default);
});

test('chunkCorpus chunks every document in order and reports progress up to 1', async () => {
  const seen: number[] = [];
  const chunks = await chunkCorpus([ptDoc, enDoc], 'recursive', { maxTokens: 64 }, { tokenizer, onProgress: (f) => seen.push(f) });
  const one = await chunkDocument(ptDoc, 'recursive', { maxTokens: 64 }, { tokenizer });
  const two = await chunkDocument(enDoc, 'recursive', { maxTokens: 64 }, { tokenizer });
  expect(chunks.map((c) => c.id)).toEqual([...one, ...two].map((c) => c.id));
  expect(seen[0]).toBe(0);
  expect(seen.at(-1)).toBe(1);
  for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
});

test('chunkCorpus stops with an AbortError when its signal aborts', async () => {
  const controller = new AbortController();
  const docs = Array.from({ length: 50 }, () => ptDoc);
  let calls = 0;
  const run = chunkCorpus(docs, 'semantic', { maxTokens: 64 }, {
    tokenizer,
    signal: controller.signal,
    embed: async (texts) => {
      if (++calls === 3) controller.abort();
      return fakeEmbed(texts);
    },
  });
  await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  expect(calls).toBeLessThan(10);
  const already = new AbortController();
  already.abort();
  await expect(chunkCorpus([ptDoc], 'fixed', { maxTokens: 64 }, { tokenizer, signal: already.signal })).rejects.toMatchObject({ name: 'AbortError' });
});
