// The llm worker's API as types only: what workers/llm.worker.ts exposes and what the page
// (src/app/bridge/llm.ts, src/app/context/state.svelte.ts, src/app/questions/generate.svelte.ts)
// calls through Comlink.
import type { ParseInput } from '../src/engine/documents/index.ts';
import type { Prompt, PersonalDataScan, Pricing, ProviderConfig } from '../src/engine/llm/index.ts';
import type { ContextProgress, ContextRunStats, ContextSettings } from '../src/engine/context/index.ts';
import type { ContextEstimate, EstimateOptions, FitNote } from '../src/engine/context/index.ts';
import type { QuestionEstimate, QuestionPlan, QuestionPlanOptions, QuestionProgress, QuestionReport } from '../src/engine/questions/index.ts';
import type { ModelTokenizerFiles } from '../src/engine/formats/index.ts';
import type { Chunk, ChunkerId, Doc } from '../src/engine/types.ts';
import type { TokenizerInUse } from './engine-api.ts';

export interface PreparedCorpus {
  docs: Doc[];
  chunks: Chunk[];
  /** The cap chunks were cut at: maxTokens − contextTokens. */
  cap: number;
  scan: PersonalDataScan;
  /** Personal data per document id (only documents with some). */
  scanByDoc: Record<string, number>;
  tokenizer: string;
}

/** The corpus parsed and planned for question generation, with the estimate and the personal-data scan. */
export interface PreparedQuestions {
  docs: Doc[];
  plan: QuestionPlan;
  estimate: QuestionEstimate;
  scan: PersonalDataScan;
  scanByDoc: Record<string, number>;
}

/** Which feature's model answers (workers/idb-cache.ts ANSWER_DBS: one IndexedDB database each). */
export type AnswerStore = 'context' | 'questions' | 'llm';

/** A text-generation model folder picked from disk: paths relative to the folder (its own name may lead). */
export interface LocalFolder {
  name: string;
  files: { path: string; data: Blob }[];
}

export interface LocalLoadProgress {
  file?: string;
  loaded?: number;
  total?: number;
  status?: string;
}

export interface LlmWorkerApi {
  /** Counts with the loaded embedding model's tokenizer (null: the bundled one), like the engine worker. */
  useTokenizer(files: ModelTokenizerFiles | null): Promise<TokenizerInUse>;
  /** The language model to call (key included: it stays in this worker's memory; workers/llm-client.ts). */
  configureLlm(config: ProviderConfig | null): void;
  /** Parse, chunk at the reduced cap, and scan for personal data. */
  prepare(inputs: ParseInput[], chunker: ChunkerId, params: Record<string, unknown>, contextTokens: number, onProgress?: (f: number) => void): Promise<PreparedCorpus>;
  estimate(docs: Doc[], chunks: Chunk[], opts: EstimateOptions): ContextEstimate;
  /** Puts the sentences on their chunks (cut to fit maxTokens with the tokenizer in use). */
  place(docs: Doc[], chunks: Chunk[], sentences: Record<string, string>, maxTokens: number, contextTokens: number): Promise<{ chunks: Chunk[]; notes: FitNote[] }>;
  /**
   * Loads an in-page model (download once, then the browser's cache; or a folder picked from disk,
   * served to transformers.js from memory); returns the device used.
   */
  loadLocal(config: ProviderConfig, onProgress?: (info: LocalLoadProgress) => void, folder?: LocalFolder): Promise<{ id: string; device: string }>;
  /** Parse, sample passages and build the prompts (the plan), estimate against the answer cache, scan for personal data. */
  prepareQuestions(inputs: ParseInput[], model: string, opts: Omit<QuestionPlanOptions, 'countTokens'>, pricing: Pricing | undefined): Promise<PreparedQuestions>;
  /**
   * Runs the engine's generateQuestions with the configured model (an HTTP service called from here,
   * or the loaded in-page model): answers come from this worker's cache or the model, every excerpt
   * is located and filtered here, off the main thread.
   */
  generateQuestions(docs: Doc[], plan: QuestionPlan, existing: string[], onProgress?: (p: QuestionProgress) => void): Promise<QuestionReport>;
  /**
   * Contextual retrieval's sentences for `chunks` (the engine's generateContexts) with the configured
   * model, resuming from this worker's cache; every finished call is cached at once.
   */
  generateContexts(docs: Doc[], chunks: Chunk[], settings: ContextSettings, concurrency: number, onProgress?: (p: ContextProgress) => void): Promise<{ sentences: Record<string, string>; stats: ContextRunStats }>;
  /** The cached sentences of `chunks` for `model` (no call), by chunk id. */
  cachedContexts(docs: Doc[], chunks: Chunk[], model: string, settings: ContextSettings): Promise<Record<string, string>>;
  /** How many answers a feature keeps in this browser; clear forgets them. */
  answerCount(store: AnswerStore): Promise<number>;
  clearAnswers(store: AnswerStore): Promise<void>;
  /** One generation with the loaded in-page model. */
  generateLocal(prompt: Prompt, maxTokens: number): Promise<{ text: string }>;
}
