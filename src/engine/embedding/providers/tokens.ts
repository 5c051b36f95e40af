// How texts are counted for a service's limits and prices. THE TIKTOKEN HOOK is serviceTokenCounter:
// today every service is counted with the project's tokenizer (TextTokenizer.count, the bundled
// WordPiece unless another is chosen), an approximation that says so (exact: false), and batches keep
// a margin under the per-call token limit. When src/engine/tokens ships tiktoken encodings, return
// them here for OpenAI models (cl100k_base for text-embedding-3-* and ada-002) with exact: true.
import type { TextTokenizer } from '../../types.ts';
import type { EmbeddingProviderKind } from './types.ts';

export type CountTokens = (text: string) => number;

export interface ServiceTokenCounter {
  count: CountTokens;
  /** True when these are the service's own tokens; false: the closest known tokenizer. */
  exact: boolean;
  /** What counts (for messages): a tokenizer name. */
  name: string;
}

/** Share of a per-call token limit used when counts are approximate. */
export const APPROXIMATE_TOKEN_MARGIN = 0.8;

/** The counter for a service's model; `fallback` is the project's tokenizer. */
export function serviceTokenCounter(kind: EmbeddingProviderKind, model: string, fallback: TextTokenizer): ServiceTokenCounter {
  void kind;
  void model; // tiktoken hook: (kind === 'openai' && encodingFor(model)) → { count, exact: true, name }
  return { count: (t) => fallback.count(t), exact: false, name: fallback.name };
}
