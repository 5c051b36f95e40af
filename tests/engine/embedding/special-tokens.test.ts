// specialTokens: [CLS]/[SEP]/[PAD] of the test model's real tokenizer files, <s>/</s> of an
// XLM-R-style vocabulary with the config's pad_token_id, and a clear error when neither exists.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { specialTokens } from '../../../src/engine/embedding/special-tokens.ts';
import { InputError } from '../../../src/engine/types.ts';
import { MODEL_DIR, reference } from './helpers.ts';

const json = (f: string) => JSON.parse(readFileSync(path.join(MODEL_DIR, f), 'utf8'));

describe('specialTokens', () => {
  it('reads the test model folder (ids equal the numpy reference)', () => {
    const s = specialTokens(json('tokenizer.json'), json('tokenizer_config.json'), json('config.json'), 'test');
    expect(s).toEqual({ clsId: reference.clsId, sepId: reference.sepId, padId: reference.padId });
  });
  it('SentencePiece-style <s>/</s> from added tokens; padding from config.json', () => {
    const tok = { added_tokens: [{ id: 0, content: '<s>' }, { id: 2, content: '</s>' }], model: { type: 'Unigram', vocab: [['<s>', 0]] } };
    expect(specialTokens(tok, { bos_token: '<s>', eos_token: '</s>' }, { pad_token_id: 1 }, 'x')).toEqual({ clsId: 0, sepId: 2, padId: 1 });
  });
  it('no first/last token is an InputError naming the model', () => {
    expect(() => specialTokens({ model: { vocab: { a: 1 } } }, {}, {}, 'odd-model')).toThrow(InputError);
    expect(() => specialTokens({ model: { vocab: { a: 1 } } }, {}, {}, 'odd-model')).toThrow(/odd-model/);
  });
});
