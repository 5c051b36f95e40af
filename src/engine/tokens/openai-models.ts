// Which tiktoken encoding an OpenAI model counts in, and its input limit. Embedding models are the
// ones ChunkLab sizes chunks for; chat models are here for cost estimates of generated context and
// questions. Sources: OpenAI's embeddings guide (text-embedding-3-small/large and ada-002: max input
// 8,191 tokens, cl100k_base; dimensions 1536/3072/1536) and tiktoken's model table (model.py:
// gpt-4o, gpt-4.1, gpt-5, o1/o3/o4 → o200k_base; gpt-4, gpt-3.5-turbo → cl100k_base).
import { InputError } from '../types.ts';
import { createTiktokenTokenizer, type TiktokenEncoding, type TiktokenTokenizer } from './tiktoken.ts';

export interface OpenAIEmbeddingModel {
  id: string;
  encoding: TiktokenEncoding;
  /** Longest input the endpoint accepts, in tokens. */
  maxInputTokens: number;
  /** Default vector length (text-embedding-3 models accept a smaller `dimensions`). */
  dimensions: number;
}

export const OPENAI_EMBEDDING_MODELS: readonly OpenAIEmbeddingModel[] = [
  { id: 'text-embedding-3-small', encoding: 'cl100k_base', maxInputTokens: 8191, dimensions: 1536 },
  { id: 'text-embedding-3-large', encoding: 'cl100k_base', maxInputTokens: 8191, dimensions: 3072 },
  { id: 'text-embedding-ada-002', encoding: 'cl100k_base', maxInputTokens: 8191, dimensions: 1536 },
];

/** Chat model name prefixes (longest first wins) and their encodings. */
const CHAT_PREFIXES: readonly [string, TiktokenEncoding][] = [
  ['gpt-4o', 'o200k_base'],
  ['gpt-4.1', 'o200k_base'],
  ['gpt-4.5', 'o200k_base'],
  ['gpt-5', 'o200k_base'],
  ['o1', 'o200k_base'],
  ['o3', 'o200k_base'],
  ['o4', 'o200k_base'],
  ['gpt-4', 'cl100k_base'],
  ['gpt-3.5-turbo', 'cl100k_base'],
  ['gpt-35-turbo', 'cl100k_base'],
];

/** The embedding model's entry, or undefined (an organisation prefix like "openai/" is ignored). */
export function openAIEmbeddingModel(model: string): OpenAIEmbeddingModel | undefined {
  const id = model.trim().replace(/^openai[/:]/i, '');
  return OPENAI_EMBEDDING_MODELS.find((m) => m.id === id);
}

/** The tiktoken encoding an OpenAI model counts in, or undefined when it is not a known one. */
export function encodingForOpenAIModel(model: string): TiktokenEncoding | undefined {
  const id = model.trim().replace(/^openai[/:]/i, '');
  const emb = openAIEmbeddingModel(id);
  if (emb) return emb.encoding;
  let best: [string, TiktokenEncoding] | undefined;
  for (const p of CHAT_PREFIXES) {
    if ((id === p[0] || id.startsWith(p[0] + '-')) && (!best || p[0].length > best[0].length)) best = p;
  }
  return best?.[1];
}

/**
 * The tokenizer an OpenAI model counts with, its input limit set for embedding models. Its name is
 * the encoding's (models that share an encoding count identically).
 */
export async function createOpenAITokenizer(model: string): Promise<TiktokenTokenizer> {
  const encoding = encodingForOpenAIModel(model);
  if (!encoding) {
    throw new InputError(
      `not a known OpenAI model (known embedding models: ${OPENAI_EMBEDDING_MODELS.map((m) => m.id).join(', ')})`,
      model,
    );
  }
  return createTiktokenTokenizer(encoding, { modelMaxLength: openAIEmbeddingModel(model)?.maxInputTokens });
}
