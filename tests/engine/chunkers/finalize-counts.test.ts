// finalize takes a chunk's count from the document's token index plus the prefix's cached count when
// the tokenizer guarantees they add up. The cap stays a hard guarantee: for every chunker, on the
// fixtures and on a document full of edge cases, at several caps, with and without the context
// header, every chunk's `tokens` equals @huggingface/tokenizers counting prefix + text itself.
import { describe, expect, it } from 'vitest';
import { Tokenizer } from '@huggingface/tokenizers';
import { readFileSync } from 'node:fs';
import { chunkDocument, BASELINE_IDS, CHUNKER_IDS } from '../../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { DEFAULT_TOKENIZER_DIR } from '../../../src/node/tokenizer-folder.ts';
import type { Doc, TextTokenizer, TokenSpan } from '../../../src/engine/types.ts';
import { allowedOverCap, enDoc, fakeEmbed, fakeGenerator, ptDoc, tokenizer } from './helpers.ts';

// ChunkLab's own chunkers: the baselines (other libraries' code) are held to their own tests (baselines.test.ts).
const OWN_IDS = CHUNKER_IDS.filter((id) => !BASELINE_IDS.includes(id));

const lib = new Tokenizer(
  JSON.parse(readFileSync(`${DEFAULT_TOKENIZER_DIR}/tokenizer.json`, 'utf8')),
  JSON.parse(readFileSync(`${DEFAULT_TOKENIZER_DIR}/tokenizer_config.json`, 'utf8')),
);
const libCount = (s: string) => lib.encode(s, { add_special_tokens: false }).ids.length;

const EDGES = [
  '# ΟΔΟΣ ΣΟΦΟΣ e o [CLS] título',
  '',
  'Parágrafo com cafe\u0301 decomposto, [SEP] marcas literais e \u0903 sinais que não são Mn.',
  '',
  '## Seção 2',
  '',
  '\u0301Começa com uma marca combinante. ' + 'palavra '.repeat(60),
  '',
  'Texto com emoji 👩‍💻 e CJK 日本語のテキスト 中文测试 ' + 'x'.repeat(130) + ' fim.',
  '',
  '| a | b |\n|---|---|\n| 1 | ΣΑΣ |\n| 2 | [MASK] |',
  '',
  '```\ncode [UNK] block\n```',
].join('\n');
const edgeDoc: Doc = parseDocument({ id: 'edges', text: EDGES, name: 'Edges Σ.md' });

const DOCS = [ptDoc, enDoc, edgeDoc];
const CAPS = [24, 64, 256];

describe('finalize counts equal an independent count of prefix + text', () => {
  for (const id of OWN_IDS) {
    it(`${id}`, async () => {
      let checked = 0;
      for (const doc of DOCS) {
        for (const maxTokens of CAPS) {
          for (const header of [false, true]) {
            const chunks = await chunkDocument(doc, id, { maxTokens, header }, { tokenizer, embed: fakeEmbed, generator: fakeGenerator });
            for (const c of chunks) {
              const text = c.prefix + doc.text.slice(c.start, c.end);
              expect(c.tokens, `${id} ${doc.id} cap ${maxTokens} ${JSON.stringify(text.slice(0, 80))}`).toBe(libCount(text));
              if (!allowedOverCap(doc, c)) expect(c.tokens).toBeLessThanOrEqual(maxTokens);
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(20);
    });
  }
});

describe('finalize uses the index where it may', () => {
  /** The same tokenizer, counting how often count() is called. */
  function counting(t: TextTokenizer, exact: boolean): TextTokenizer & { calls: number } {
    const base = t as TextTokenizer & Record<string, unknown>;
    const w = {
      calls: 0,
      name: `${t.name}-counting-${exact}`,
      modelMaxLength: t.modelMaxLength,
      count(s: string) {
        w.calls++;
        return t.count(s);
      },
      encode: (s: string): TokenSpan[] => t.encode(s),
      encodeArrays: (s: string) => (base.encodeArrays as (s: string) => unknown)(s),
      exactRangeCounts: exact,
      safeCut: (s: string, x: number) => (base.safeCut as (s: string, x: number) => boolean)(s, x),
    };
    return w;
  }

  it('recounts far fewer chunks when the tokenizer declares exact range counts, with the same result', async () => {
    const on = counting(tokenizer, true);
    const off = counting(tokenizer, false);
    const a = await chunkDocument(ptDoc, 'recursive', { maxTokens: 64, header: true }, { tokenizer: on });
    const b = await chunkDocument(ptDoc, 'recursive', { maxTokens: 64, header: true }, { tokenizer: off });
    expect(a).toEqual(b);
    expect(off.calls).toBeGreaterThanOrEqual(a.length);
    expect(on.calls).toBeLessThan(off.calls / 2);
  });
});
