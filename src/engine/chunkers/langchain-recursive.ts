// Baseline: LangChain's RecursiveCharacterTextSplitter (@langchain/textsplitters), run as it is, with
// its lengthFunction counting tokens of ChunkLab's tokenizer. Use it to compare what you run today.

import { BASELINE_CHUNKERS, type CommonParams } from '../types.ts';
import { chunksFromRanges, defineChunker, maxTokensParam, overlapParam, placePieces } from './kit/index.ts';

export const langchainRecursive = defineChunker<CommonParams>({
  id: 'langchain-recursive',
  label: { pt: 'Recursivo do LangChain (referência)', en: 'LangChain recursive (baseline)' },
  summary: {
    pt: 'O RecursiveCharacterTextSplitter do LangChain (@langchain/textsplitters), com o próprio código da biblioteca, medido no mesmo tokenizador.\nUse como referência: o divisor que muitos pipelines usam hoje.',
    en: "LangChain's RecursiveCharacterTextSplitter (@langchain/textsplitters), the library's own code, sized in the same tokenizer.\nUse it as a baseline: the splitter many pipelines run today.",
  },
  baseline: BASELINE_CHUNKERS['langchain-recursive'],
  params: [
    maxTokensParam(256, {
      pt: 'chunkSize do LangChain, em tokens do tokenizador escolhido (lengthFunction). A biblioteca pode passar dele quando um pedaço não se divide.',
      en: "LangChain's chunkSize, in tokens of the chosen tokenizer (lengthFunction). The library may exceed it when a piece cannot be split.",
    }),
    overlapParam({
      pt: 'chunkOverlap do LangChain, em tokens (0 = sem sobreposição).',
      en: "LangChain's chunkOverlap, in tokens (0 = none).",
    }),
  ],
  async chunk(doc, params, ctx) {
    // Loaded on first use, so the page's first load does not carry the library.
    const { RecursiveCharacterTextSplitter } = await import('@langchain/textsplitters');
    const overlap = params.overlap ?? 0;
    const splitter = new RecursiveCharacterTextSplitter({
      chunkSize: params.maxTokens,
      chunkOverlap: overlap,
      lengthFunction: (t: string) => ctx.tokenizer.count(t),
    });
    const pieces = await splitter.splitText(doc.text);
    const ranges = placePieces(doc.text, pieces, { overlapping: overlap > 0, who: 'langchain-recursive' });
    return chunksFromRanges(doc, ranges, ctx.tokenizer);
  },
});
