// Baseline: LlamaIndex's SentenceSplitter (@llamaindex/core's node parser), run as it is, with its
// tokenizer counting in ChunkLab's tokenizer. Use it to compare what you run today.

import { BASELINE_CHUNKERS, type CommonParams } from '../types.ts';
import { chunksFromRanges, defineChunker, maxTokensParam, overlapParam, placePieces } from './kit/index.ts';
import { withOnePassReverts } from './kit/llamaindex-reverts.ts';

const quiet = { log() {}, warn() {}, error() {} };

export const llamaindexSentence = defineChunker<CommonParams>({
  id: 'llamaindex-sentence',
  label: { pt: 'Frases do LlamaIndex (referência)', en: 'LlamaIndex sentences (baseline)' },
  summary: {
    pt: 'O SentenceSplitter do LlamaIndex (@llamaindex/core), com o próprio código da biblioteca, medido no mesmo tokenizador.\nUse como referência: junta frases inteiras até o limite.',
    en: "LlamaIndex's SentenceSplitter (@llamaindex/core), the library's own code, sized in the same tokenizer.\nUse it as a baseline: packs whole sentences up to the cap.",
  },
  baseline: BASELINE_CHUNKERS['llamaindex-sentence'],
  params: [
    maxTokensParam(256, {
      pt: 'chunkSize do LlamaIndex, em tokens do tokenizador escolhido.',
      en: "LlamaIndex's chunkSize, in tokens of the chosen tokenizer.",
    }),
    overlapParam({
      pt: 'chunkOverlap do LlamaIndex, em tokens (0 = sem sobreposição; o padrão da biblioteca é 200).',
      en: "LlamaIndex's chunkOverlap, in tokens (0 = none; the library's default is 200).",
    }),
  ],
  async chunk(doc, params, ctx) {
    const { SentenceSplitter } = await import('@llamaindex/core/node-parser');
    const overlap = params.overlap ?? 0;
    const splitter = new SentenceSplitter({
      chunkSize: params.maxTokens,
      chunkOverlap: overlap,
      // Only the length of encode() is read; the ids are the real ones all the same.
      tokenizer: {
        encode: (t: string) => Uint32Array.from(ctx.tokenizer.encode(t), (s) => s.id),
        decode: () => {
          throw new Error('llamaindex-sentence: decode is not used by SentenceSplitter');
        },
      },
      logger: quiet,
    } as ConstructorParameters<typeof SentenceSplitter>[0]);
    // The library's own splitting, with its sentence tokenizer's placeholders put back in one pass
    // (the same text; linear instead of quadratic in a paragraph's length: ./kit/llamaindex-reverts.ts).
    const pieces = withOnePassReverts(() => splitter.splitText(doc.text));
    // SentenceSplitter rejoins sentence splits, which can change the whitespace between them, and its
    // sentence tokenizer can drop one of two full stops: such a chunk is placed over the document range
    // it came from (whitespace runs matching any run, runs of . ? ! … any such run).
    const ranges = placePieces(doc.text, pieces, { overlapping: overlap > 0, who: 'llamaindex-sentence', looseSpace: true, loosePunctuation: true });
    return chunksFromRanges(doc, ranges, ctx.tokenizer);
  },
});
