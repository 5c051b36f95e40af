// Baseline: chonkie's RecursiveChunker (@chonkiejs/core), run as it is, with a tokenizer adapter that
// counts in ChunkLab's tokenizer. Use it to compare what you run today.

import type { Tokenizer as ChonkieTokenizer } from '@chonkiejs/core';
import { BASELINE_CHUNKERS, type CommonParams, type TextTokenizer, type TokenSpan } from '../types.ts';
import { chunksFromRanges, defineChunker, ignoredOverlap, maxTokensParam, placePieces } from './kit/index.ts';

/**
 * chonkie's tokenizer interface over ours. encode() returns token positions (0, 1, 2, …) rather than
 * vocabulary ids: chonkie only slices the list and decodes the slices, and a position maps back to the
 * characters exactly. decodeBatch() gives each slice the text from its first token up to the next
 * slice's first token, so the pieces tile the text (a character tokenizer's decode does the same).
 */
export function chonkieTokenizer(tok: TextTokenizer) {
  let last: { text: string; spans: TokenSpan[] } = { text: '', spans: [] };
  const from = (i: number) => (i <= 0 ? 0 : last.spans[i]?.start ?? last.text.length);
  return {
    countTokens: (text: string) => tok.count(text),
    encode(text: string): number[] {
      last = { text, spans: tok.encode(text) };
      return last.spans.map((_, i) => i);
    },
    decode(ids: number[]): string {
      if (!ids.length) return '';
      return last.text.slice(from(ids[0]), last.spans[ids[ids.length - 1]]?.end ?? last.text.length);
    },
    decodeBatch(batches: number[][]): string[] {
      return batches.map((b, k) => {
        const next = batches[k + 1];
        return last.text.slice(b.length ? from(b[0]) : 0, next?.length ? from(next[0]) : last.text.length);
      });
    },
  };
}

/**
 * The text with every non-ASCII UTF-16 unit replaced by one ASCII character (an accented Latin letter by
 * its base letter, other whitespace by a space, anything else by "x"): same length, so offsets map one
 * to one. @chonkiejs/core 0.0.11 slices JavaScript strings with the UTF-8 byte offsets its WASM splitter
 * returns, which garbles every chunk after the first non-ASCII character ("publicada" comes back
 * "ublicada"); on ASCII text bytes and units agree and it cuts where it means to.
 */
export function asciiFold(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  const out = new Array<string>(text.length);
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch.charCodeAt(0) < 0x80) out[i] = ch;
    else {
      const base = ch.normalize('NFD')[0];
      out[i] = base && base.charCodeAt(0) < 0x80 ? base : /\s/.test(ch) ? ' ' : 'x';
    }
  }
  return out.join('');
}

export const chonkieRecursive = defineChunker<CommonParams>({
  id: 'chonkie-recursive',
  label: { pt: 'Recursivo do chonkie (referência)', en: 'chonkie recursive (baseline)' },
  summary: {
    pt: 'O RecursiveChunker do chonkie (@chonkiejs/core), com o próprio código da biblioteca, medido no mesmo tokenizador.\nUse como referência: parágrafos, frases, pontuação, palavras e tokens, nessa ordem.',
    en: "chonkie's RecursiveChunker (@chonkiejs/core), the library's own code, sized in the same tokenizer.\nUse it as a baseline: paragraphs, sentences, punctuation, words, then tokens.",
  },
  baseline: BASELINE_CHUNKERS['chonkie-recursive'],
  params: [
    maxTokensParam(256, {
      pt: 'chunkSize do chonkie, em tokens do tokenizador escolhido.',
      en: "chonkie's chunkSize, in tokens of the chosen tokenizer.",
    }),
    ignoredOverlap,
  ],
  async chunk(doc, params, ctx) {
    const { RecursiveChunker } = await import('@chonkiejs/core');
    const chunker = await RecursiveChunker.create({
      chunkSize: params.maxTokens,
      // Duck-typed: chonkie calls only countTokens, encode and decodeBatch.
      tokenizer: chonkieTokenizer(ctx.tokenizer) as unknown as ChonkieTokenizer,
    });
    // Run on the ASCII fold of the text (see asciiFold): same length, so the ranges are the document's.
    const folded = asciiFold(doc.text);
    const out = await chunker.chunk(folded);
    const ranges = placePieces(
      folded,
      out.map((c) => c.text),
      // chonkie rejoins over-long pieces' words with single spaces ("    k: 60" comes back " k: 60"), and its
      // startIndex drifts after that: such a chunk is the document range it was cut from.
      { overlapping: false, hints: out.map((c) => c.startIndex), who: 'chonkie-recursive', looseSpace: true },
    );
    return chunksFromRanges(doc, ranges, ctx.tokenizer);
  },
});
