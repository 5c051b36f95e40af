// The search session's semantic index: without a model the lexical embedder of each document (the
// chunks equal the engine's semantic chunker over that embedder, computed here independently); with a
// model named in the request its embed function is used, and the index key tells the two apart.
import { expect, test } from 'vitest';
import { loadDataset } from '../../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { SearchSession } from '../../../src/engine/search/index.ts';
import { parseDocument, type ParseInput } from '../../../src/engine/documents/index.ts';
import { chunkCorpus } from '../../../src/engine/chunkers/index.ts';
import { lexicalEmbedderFor } from '../../../src/engine/embedding/lexical.ts';

const ds = await loadDataset('public/samples/en');
const docs: ParseInput[] = ds.documents.map((d) => ({ id: d.id, text: d.text, format: d.format, name: d.name, meta: d.meta }));
const tok = await loadDefaultTokenizer();
const params = { maxTokens: 128 };

async function units(s: SearchSession, embedder?: string, embed?: (t: string[]) => Promise<Float32Array[]>) {
  const r = await s.placeGold('en', docs, { chunker: 'semantic', params, embedder }, [], undefined, embed);
  if (r.status !== 'ok') throw new Error('need-docs');
  return r.units;
}

test('no model: each document chunked with its own lexical embedder', async () => {
  const s = new SearchSession(async () => tok);
  let expected = 0;
  for (const d of docs) {
    const doc = parseDocument(d);
    expected += (await chunkCorpus([doc], 'semantic', params, { tokenizer: tok, embed: lexicalEmbedderFor(doc).embed })).length;
  }
  expect(await units(s)).toBe(expected);
});

test('a named model embeds every unit through the given function; its index is kept apart', async () => {
  const s = new SearchSession(async () => tok);
  let texts = 0;
  // A constant vector: no breakpoint at all, so only the cap cuts.
  const embed = async (t: string[]) => {
    texts += t.length;
    return t.map(() => new Float32Array([1, 0, 0]));
  };
  const lexical = await units(s);
  const withModel = await units(s, 'test-model', embed);
  expect(texts).toBeGreaterThan(0);
  expect(withModel).toBeLessThanOrEqual(lexical);
  // Cached: the same request embeds nothing again.
  const seen = texts;
  expect(await units(s, 'test-model', embed)).toBe(withModel);
  expect(texts).toBe(seen);
});
