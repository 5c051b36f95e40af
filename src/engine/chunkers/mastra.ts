// Baselines: Mastra's recursive and Markdown chunkers (@mastra/rag's MDocument.chunk), run as they are,
// with their lengthFunction counting tokens of ChunkLab's tokenizer. Use them to compare what you run
// today. @mastra/rag is installed without the packages only its agents and tools need
// (stand-ins/README.md); MDocument's splitting code is the library's own.

import { BASELINE_CHUNKERS, type CommonParams, type Doc, type TextTokenizer } from '../types.ts';
import { chunksFromRanges, defineChunker, maxTokensParam, overlapParam, placePieces } from './kit/index.ts';

type Strategy = 'recursive' | 'markdown';

/** The texts MDocument.chunk returns for `text` (the library called as a user calls it). */
export async function mastraPieces(text: string, strategy: Strategy, maxTokens: number, overlap: number, tokenizer: TextTokenizer): Promise<string[]> {
  // Loaded on first use, so the page's first load does not carry the library.
  const { MDocument } = await import('@mastra/rag');
  const options = { maxSize: maxTokens, overlap, lengthFunction: (t: string) => tokenizer.count(t) };
  if (strategy === 'recursive') {
    const chunks = await MDocument.fromText(text).chunk({ strategy: 'recursive', ...options });
    return chunks.map((c) => c.text);
  }
  // separatorPosition 'start' keeps each heading (and code fence, rule) at the start of the text it
  // opens. With Mastra's default the Markdown separators are dropped and the pieces are rejoined with
  // the separators' regular-expression source ("#{1,6} " where the text had "## "): those chunks are not
  // the document's text, so they could be neither placed in it nor searched fairly.
  const chunks = await MDocument.fromMarkdown(text).chunk({ strategy: 'markdown', separatorPosition: 'start', ...options });
  return chunks.map((c) => c.text);
}

async function chunkWith(strategy: Strategy, id: 'mastra-recursive' | 'mastra-markdown', doc: Doc, params: CommonParams, tokenizer: TextTokenizer) {
  const overlap = params.overlap ?? 0;
  const pieces = await mastraPieces(doc.text, strategy, params.maxTokens, overlap, tokenizer);
  // Mastra drops empty pieces before rejoining a split (so "\n\n\n\n" between two paragraphs comes back
  // as "\n\n") and trims each chunk: a chunk is placed over the document range it came from, any run of
  // whitespace matching any run.
  const ranges = placePieces(doc.text, pieces, { overlapping: overlap > 0, who: id, looseSpace: true });
  return chunksFromRanges(doc, ranges, tokenizer);
}

const sizeHelp = {
  pt: 'maxSize do Mastra, em tokens do tokenizador escolhido (lengthFunction). A biblioteca pode passar dele quando um pedaço não se divide.',
  en: "Mastra's maxSize, in tokens of the chosen tokenizer (lengthFunction). The library may exceed it when a piece cannot be split.",
};
const overlapHelp = {
  pt: 'overlap do Mastra, em tokens (0 = sem sobreposição; o padrão da biblioteca é 200 caracteres).',
  en: "Mastra's overlap, in tokens (0 = none; the library's default is 200 characters).",
};

export const mastraRecursive = defineChunker<CommonParams>({
  id: 'mastra-recursive',
  label: { pt: 'Recursivo do Mastra (referência)', en: 'Mastra recursive (baseline)' },
  summary: {
    pt: 'A estratégia "recursive" do MDocument do Mastra (@mastra/rag), com o próprio código da biblioteca, medida no mesmo tokenizador.\nUse como referência: o divisor dos projetos de RAG em TypeScript que usam Mastra.',
    en: "The \"recursive\" strategy of Mastra's MDocument (@mastra/rag), the library's own code, sized in the same tokenizer.\nUse it as a baseline: the splitter of TypeScript RAG projects built on Mastra.",
  },
  baseline: BASELINE_CHUNKERS['mastra-recursive'],
  params: [maxTokensParam(256, sizeHelp), overlapParam(overlapHelp)],
  chunk: (doc, params, ctx) => chunkWith('recursive', 'mastra-recursive', doc, params, ctx.tokenizer),
});

export const mastraMarkdown = defineChunker<CommonParams>({
  id: 'mastra-markdown',
  label: { pt: 'Markdown do Mastra (referência)', en: 'Mastra Markdown (baseline)' },
  summary: {
    pt: 'A estratégia "markdown" do MDocument do Mastra (@mastra/rag), com o próprio código da biblioteca, medida no mesmo tokenizador; com separatorPosition "start", que mantém cada título no começo do texto que abre.\nUse como referência: corta primeiro nos títulos, depois em blocos de código, linhas, palavras.',
    en: "The \"markdown\" strategy of Mastra's MDocument (@mastra/rag), the library's own code, sized in the same tokenizer; with separatorPosition \"start\", which keeps each heading at the start of the text it opens.\nUse it as a baseline: cuts at headings first, then code fences, lines, words.",
  },
  baseline: BASELINE_CHUNKERS['mastra-markdown'],
  params: [maxTokensParam(256, sizeHelp), overlapParam(overlapHelp)],
  chunk: (doc, params, ctx) => chunkWith('markdown', 'mastra-markdown', doc, params, ctx.tokenizer),
});
