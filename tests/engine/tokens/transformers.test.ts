// The bundled MiniLM tokenizer: our ids equal transformers.js's AutoTokenizer (which the embedder
// uses), loaded offline from public/tokenizers/.
import { beforeAll, describe, expect, it } from 'vitest';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { CORPUS, ROOT, WITH_ADDED, pair, randomText, rng, MINILM_DIR } from './helpers.ts';

describe('MiniLM against transformers.js', () => {
  let hf: PreTrainedTokenizer;
  const { ours } = pair(MINILM_DIR, 'all-MiniLM-L6-v2');

  beforeAll(async () => {
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = `${ROOT}public/tokenizers/`;
    hf = await AutoTokenizer.from_pretrained('all-MiniLM-L6-v2');
  });

  it('encodes the corpus to the same ids', () => {
    for (const text of [...CORPUS, ...WITH_ADDED]) {
      expect(ours.encode(text).map((t) => t.id), JSON.stringify(text)).toEqual(hf.encode(text, { add_special_tokens: false }));
    }
  });

  it('encodes 200 random strings to the same ids', () => {
    const r = rng(20240);
    for (let k = 0; k < 200; k++) {
      const text = randomText(r);
      expect(ours.encode(text).map((t) => t.id), JSON.stringify(text)).toEqual(hf.encode(text, { add_special_tokens: false }));
    }
  });

  it('counts a long text exactly, beyond the 128-token truncation in tokenizer.json', () => {
    const text = CORPUS.join(' ').repeat(3);
    const ids = hf.encode(text, { add_special_tokens: false });
    expect(ids.length).toBeGreaterThan(512);
    expect(ours.count(text)).toBe(ids.length);
  });
});
