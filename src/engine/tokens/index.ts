// Tokens: exact counts and character spans for real model tokenizers, and an index that counts any
// range of an encoded document in O(log n).
export { createTokenizer } from './tokenizer.ts';
export type { AlignedTokenizer, CreateOptions, TokenizerFamily } from './tokenizer.ts';
export { TokenIndex } from './token-index.ts';
export { loadTokenizerFromUrl } from './fetch.ts';
export { TokenBuffer } from './buffer.ts';
export type { TokenArrays } from './buffer.ts';
export { createTiktokenTokenizer, isTiktokenEncoding, TIKTOKEN_ENCODINGS, TiktokenTokenizer } from './tiktoken.ts';
export type { TiktokenEncoding, TiktokenOptions } from './tiktoken.ts';
export { OPENAI_EMBEDDING_MODELS, createOpenAITokenizer, encodingForOpenAIModel, openAIEmbeddingModel } from './openai-models.ts';
export type { OpenAIEmbeddingModel } from './openai-models.ts';
