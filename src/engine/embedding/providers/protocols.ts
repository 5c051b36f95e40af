// The wire shapes of the four embedding services: where to POST, the request body for a batch of
// texts (query or document), and the vectors out of the answer, validated. Limits per call are the
// services' documented ones; the client (client.ts) packs batches under them.
//
// Shapes, as documented (checked 2026-12-01):
// - OpenAI (and every OpenAI-compatible server: TEI, vLLM, Infinity, Ollama, LM Studio):
//   POST {base}/embeddings {model, input: string[], encoding_format: "float", dimensions?}
//   → {data: [{embedding: number[], index}], usage: {prompt_tokens, total_tokens}}. "any array must be
//   2048 dimensions or less", 8192 tokens per input, "some models may also impose a limit on total
//   number of tokens summed across inputs" (OpenAI API reference, CreateEmbeddingRequest; 300,000 per
//   request for text-embedding-3 in OpenAI's error messages). `dimensions` only for text-embedding-3.
// - Cohere v2: POST {base}/v2/embed {model, texts, input_type: search_query|search_document,
//   embedding_types: ["float"], output_dimension?} → {embeddings: {float: number[][]}, meta:
//   {billed_units: {input_tokens}}}; at most 96 texts per call (docs.cohere.com/reference/embed).
// - Voyage: POST {base}/v1/embeddings {model, input, input_type: query|document, output_dimension?}
//   → {data: [{embedding, index}], usage: {total_tokens}}; list of at most 1,000 texts, total tokens
//   per request 120K–1M by model (docs.voyageai.com/reference/embeddings-api; we use 120K, the lowest).
// - Jina: POST {base}/v1/embeddings {model, input, task: retrieval.query|retrieval.passage,
//   dimensions?} → OpenAI's answer shape (api.jina.ai/redoc; jina.ai/embeddings).
import type { EmbeddingProviderKind } from './types.ts';

export type InputKind = 'query' | 'passage';

export interface ProviderLimits {
  /** Texts per call. */
  maxInputs: number;
  /** Tokens per call, summed over the texts. */
  maxTokensPerCall: number;
  /** Tokens per text (the model's input limit). */
  maxTokensPerInput: number;
}

export interface Protocol {
  kind: EmbeddingProviderKind;
  /** The service's own base URL. */
  defaultBase: string;
  /** Environment variable holding the key (the CLI reads it; the engine never reads the environment). */
  keyEnv: string;
  /** Path appended to the base URL. */
  path: string;
  limits: ProviderLimits;
  /** Calls in flight at once by default. */
  concurrency: number;
  headers(key: string | undefined): Record<string, string>;
  body(model: string, texts: readonly string[], kind: InputKind, dimensions?: number): unknown;
  /** The raw vectors, in input order; throws a plain Error with what is wrong (the client adds who and which batch). */
  vectors(json: unknown): unknown[];
}

const bearer = (key: string | undefined): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

/** `{data: [{embedding, index}]}`, put in `index` order when every item has a distinct valid index. */
function dataVectors(json: unknown): unknown[] {
  const data = (json as { data?: unknown })?.data;
  if (!Array.isArray(data)) throw new Error('the answer has no "data" list');
  const hasIndex = data.every((d) => Number.isInteger((d as { index?: unknown })?.index));
  if (!hasIndex) return data.map((d) => (d as { embedding?: unknown })?.embedding);
  const out = new Array<unknown>(data.length);
  for (const d of data as { index: number; embedding?: unknown }[]) {
    if (d.index < 0 || d.index >= data.length || out[d.index] !== undefined) throw new Error(`the answer's "index" values are not 0..${data.length - 1}, each once`);
    out[d.index] = d.embedding ?? null;
  }
  return out;
}

/**
 * Texts per call when the user names no batch size: the hosted services take 2,048 (Cohere 96), but
 * the servers people run themselves often take far fewer (text-embeddings-inference 32 by default,
 * a small vLLM or Ollama box a few dozen) and answer 400/413 to more; 64 is accepted by most, and
 * a server that takes fewer still gets its batches halved until it answers (client.ts).
 */
export const DEFAULT_BATCH_SIZE = 64;

/** The batch size used when none is set: the default, under the service's own limit. */
export function defaultBatchSize(kind: EmbeddingProviderKind): number {
  return Math.min(DEFAULT_BATCH_SIZE, PROTOCOLS[kind].limits.maxInputs);
}

export const PROTOCOLS: Record<EmbeddingProviderKind, Protocol> = {
  openai: {
    kind: 'openai',
    defaultBase: 'https://api.openai.com/v1',
    keyEnv: 'OPENAI_API_KEY',
    path: '/embeddings',
    limits: { maxInputs: 2048, maxTokensPerCall: 300_000, maxTokensPerInput: 8191 },
    concurrency: 4,
    headers: bearer,
    body: (model, texts, _kind, dimensions) => ({ model, input: texts, encoding_format: 'float', ...(dimensions ? { dimensions } : {}) }),
    vectors: dataVectors,
  },
  cohere: {
    kind: 'cohere',
    defaultBase: 'https://api.cohere.com',
    keyEnv: 'COHERE_API_KEY',
    path: '/v2/embed',
    limits: { maxInputs: 96, maxTokensPerCall: 96 * 512, maxTokensPerInput: 512 },
    concurrency: 4,
    headers: bearer,
    body: (model, texts, kind, dimensions) => ({
      model,
      texts,
      input_type: kind === 'query' ? 'search_query' : 'search_document',
      embedding_types: ['float'],
      ...(dimensions ? { output_dimension: dimensions } : {}),
    }),
    vectors(json) {
      const e = (json as { embeddings?: unknown })?.embeddings;
      const f = Array.isArray(e) ? e : (e as { float?: unknown })?.float;
      if (!Array.isArray(f)) throw new Error('the answer has no "embeddings.float" list');
      return f;
    },
  },
  voyage: {
    kind: 'voyage',
    defaultBase: 'https://api.voyageai.com/v1',
    keyEnv: 'VOYAGE_API_KEY',
    path: '/embeddings',
    limits: { maxInputs: 1000, maxTokensPerCall: 120_000, maxTokensPerInput: 32_000 },
    concurrency: 4,
    headers: bearer,
    body: (model, texts, kind, dimensions) => ({
      model,
      input: texts,
      input_type: kind === 'query' ? 'query' : 'document',
      ...(dimensions ? { output_dimension: dimensions } : {}),
    }),
    vectors: dataVectors,
  },
  jina: {
    kind: 'jina',
    defaultBase: 'https://api.jina.ai/v1',
    keyEnv: 'JINA_API_KEY',
    path: '/embeddings',
    limits: { maxInputs: 2048, maxTokensPerCall: 100_000, maxTokensPerInput: 8192 },
    concurrency: 2,
    headers: bearer,
    body: (model, texts, kind, dimensions) => ({
      model,
      input: texts,
      task: kind === 'query' ? 'retrieval.query' : 'retrieval.passage',
      ...(dimensions ? { dimensions } : {}),
    }),
    vectors: dataVectors,
  },
};

export const PROVIDER_KINDS = Object.keys(PROTOCOLS) as EmbeddingProviderKind[];
