// How texts are counted for a service's limits, prices and chunk sizes. An OpenAI embedding model
// (text-embedding-3-small/large, ada-002, by name, whatever the base URL) counts in its own tiktoken
// encoding (cl100k_base), exactly; every other service model counts with the closest known tokenizer
// (the project's: the bundled WordPiece unless another is chosen), an approximation that says so
// (exact: false), and batches then keep a margin under the per-call token limit.
import type { TextTokenizer } from '../../types.ts';
import { openAIEmbeddingModel, createOpenAITokenizer } from '../../tokens/openai-models.ts';
import type { TiktokenEncoding } from '../../tokens/tiktoken.ts';
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

/** The tiktoken encoding a service model counts in, when it is an OpenAI embedding model. */
export function serviceEncoding(kind: EmbeddingProviderKind, model: string): TiktokenEncoding | undefined {
  return kind === 'openai' ? openAIEmbeddingModel(model)?.encoding : undefined;
}

/**
 * The tokenizer chunk sizes, the model-limit lint and the estimate count with for a service model:
 * its own tiktoken encoding (input limit set) for an OpenAI embedding model, else `fallback`.
 */
export async function serviceTokenizer(kind: EmbeddingProviderKind, model: string, fallback: TextTokenizer): Promise<TextTokenizer> {
  return serviceEncoding(kind, model) ? createOpenAITokenizer(model) : fallback;
}

/**
 * The counter for a service's model given the tokenizer in use (serviceTokenizer's): exact when it is
 * the model's own encoding, else the closest known tokenizer.
 */
export function serviceTokenCounter(kind: EmbeddingProviderKind, model: string, tokenizer: TextTokenizer): ServiceTokenCounter {
  const exact = serviceEncoding(kind, model) === tokenizer.name;
  return { count: (t) => tokenizer.count(t), exact, name: tokenizer.name };
}

/** One line saying what sizes are counted in, for a terminal or the page. */
export function describeServiceCount(id: string, counter: ServiceTokenCounter): string {
  return counter.exact
    ? `sizes      counted in ${counter.name}, ${id}'s own tokens`
    : `sizes      counted with ${counter.name}, the closest known tokenizer: ${id}'s own tokenizer is not available, so sizes and token estimates are approximate`;
}
