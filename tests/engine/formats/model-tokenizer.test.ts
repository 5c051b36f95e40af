// loadModelTokenizer: a tiktoken spec (what the page hands the engine for an embedding service's
// OpenAI model) builds the encoding, counting as js-tiktoken's own encoder, with the model's limit;
// an unknown encoding is a one-line error; files without a spec still build from tokenizer.json.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { loadModelTokenizer } from '../../../src/engine/formats/tokenizer-files.ts';
import { InputError } from '../../../src/engine/types.ts';

const ref = new Tiktoken(cl100k);
const TEXTS = ['A operadora paga o reembolso em até 20 dias úteis.', 'def f(x):\n    return x ** 2  # 🚀', 'Olá 👋🏽 mundo — naïve café', ''];

describe('loadModelTokenizer', () => {
  it('a tiktoken spec counts as js-tiktoken does, with the given input limit', async () => {
    const { tok, maxTokens } = await loadModelTokenizer({ name: 'cl100k_base', tokenizerJson: '', tiktoken: 'cl100k_base', maxTokens: 8191 });
    expect(tok.name).toBe('cl100k_base');
    expect(maxTokens).toBe(8191);
    expect(tok.modelMaxLength).toBe(8191);
    for (const t of TEXTS) expect(tok.count(t), t).toBe(ref.encode(t).length);
  });

  it('an unknown encoding is an InputError naming it', async () => {
    await expect(loadModelTokenizer({ name: 'x', tokenizerJson: '', tiktoken: 'p50k_base' })).rejects.toThrow(InputError);
    await expect(loadModelTokenizer({ name: 'x', tokenizerJson: '', tiktoken: 'p50k_base' })).rejects.toThrow(/unknown tiktoken encoding "p50k_base"/);
  });

  it('without a spec the files build the tokenizer as before', async () => {
    const dir = 'public/tokenizers/all-MiniLM-L6-v2/';
    const { tok } = await loadModelTokenizer({ name: 'mini', tokenizerJson: readFileSync(dir + 'tokenizer.json', 'utf8'), tokenizerConfig: readFileSync(dir + 'tokenizer_config.json', 'utf8'), maxTokens: 256 });
    expect(tok.name).toBe('mini');
    expect(tok.count('hello world')).toBe(2);
  });
});
