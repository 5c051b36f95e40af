// What a model's tokens cost, as providers publish it: dollars per million prompt and answer tokens,
// with the prompt-caching prices where the provider has them. Estimates of every LLM feature read it.

export interface Pricing {
  /** US dollars per million prompt tokens. */
  inputPerMillion: number;
  outputPerMillion: number;
  /** Per million prompt tokens read from the provider's cache (e.g. a tenth of the input price). Absent: no caching. */
  cachedInputPerMillion?: number;
  /** Per million prompt tokens written to the cache (Anthropic: 1.25 × input). Default: the input price. */
  cacheWritePerMillion?: number;
  /** Shortest prefix the provider caches, in tokens (default 1024); shorter shared parts pay full price. */
  minCacheableTokens?: number;
}
