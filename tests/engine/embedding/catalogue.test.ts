// The model catalogue's entries are consistent, and custom models are described from config.json.
import { describe, expect, it } from 'vitest';
import { CATALOGUE, DEFAULT_MODEL, describeCustomModel, findModel } from '../../../src/engine/embedding/catalogue.ts';
import { hash64 } from '../../../src/engine/util/hash.ts';
import { InputError } from '../../../src/engine/types.ts';

describe('catalogue', () => {
  it('has the four required models with consistent fields', () => {
    for (const id of [
      'Xenova/multilingual-e5-small',
      'Xenova/paraphrase-multilingual-MiniLM-L12-v2',
      'Xenova/all-MiniLM-L6-v2',
      'Xenova/jina-embeddings-v2-small-en',
    ]) {
      expect(findModel(id)?.id).toBe(id);
    }
    for (const m of CATALOGUE) {
      expect(m.dimensions).toBeGreaterThan(0);
      expect(m.maxTokens).toBeLessThanOrEqual(m.maxPositions);
      expect(m.downloadMB.q8! < m.downloadMB.fp32!).toBe(true);
    }
    expect(findModel('intfloat/multilingual-e5-small')?.prefixes).toEqual({ query: 'query: ', passage: 'passage: ' });
    expect(findModel('jinaai/jina-embeddings-v2-small-en')?.maxTokens).toBe(8192);
    expect(findModel(DEFAULT_MODEL.pt)?.languages).toContain('pt');
  });

  it('describes a custom model from its config', () => {
    const e5 = describeCustomModel({ model_type: 'xlm-roberta', hidden_size: 768, max_position_embeddings: 514 }, 'someone/my-e5-base-pt');
    expect(e5.dimensions).toBe(768);
    expect(e5.maxTokens).toBe(512);
    expect(e5.prefixes.query).toBe('query: ');
    expect(e5.languages).toEqual(['multilingual']);
    expect(e5.guessed).toContain('pooling');
    const bge = describeCustomModel({ model_type: 'bert', hidden_size: 384, max_position_embeddings: 512 }, 'BAAI/bge-small-en-v1.5', {
      model_max_length: 512,
    });
    expect(bge.pooling).toBe('cls');
    expect(bge.tokenizer).toBe('wordpiece');
    const capped = describeCustomModel({ hidden_size: 64, max_position_embeddings: 2048 }, 'x/y', { model_max_length: 256 });
    expect(capped.maxTokens).toBe(256);
    expect(capped.maxPositions).toBe(2048);
    expect(describeCustomModel({ hidden_size: 1 }, 'Xenova/all-MiniLM-L6-v2').maxTokens).toBe(256); // known id wins
    expect(() => describeCustomModel({ model_type: 'bert' }, 'x/no-size')).toThrow(InputError);
  });
});

describe('hash64', () => {
  it('is stable, 16 hex digits, and sensitive to every character', () => {
    expect(hash64('abc')).toMatch(/^[0-9a-f]{16}$/);
    expect(hash64('abc')).toBe(hash64('abc'));
    const seen = new Set<string>();
    for (let i = 0; i < 20000; i++) seen.add(hash64(`chunk ${i}`));
    expect(seen.size).toBe(20000);
    expect(hash64('ab')).not.toBe(hash64('ba'));
    expect(hash64('')).not.toBe(hash64('\u0000'));
  });
});
