// The language-model worker of contextual retrieval and question generation: parses and chunks the
// corpus at the reduced cap (the engine's chunkers, the tokenizer in use: workers/tokenizer.ts), scans
// it for personal data, estimates, generates (context sentences, questions) and places sentences on
// chunks. The model is called from here: an HTTP service through workers/llm-client.ts (the key the
// page handed over stays in this worker's memory), or an in-page text-generation model
// (transformers.js) one call at a time; answers are kept in IndexedDB here (workers/idb-cache.ts).
// The page sends requests and shows progress. Cancel is the page's job: it terminates this worker
// (src/app/bridge/llm.ts), and the requests in flight with it. Its API's types are in
// workers/llm-api.ts.
import * as Comlink from 'comlink';
import './errors.ts';
import { parseDocument, type ParseInput } from '../src/engine/documents/index.ts';
import { chunkCorpus } from '../src/engine/chunkers/index.ts';
import {
  applyContext,
  chunkingCap,
  estimateContextRun,
  generateContexts,
  lookupContexts,
  type ContextEstimate,
  type EstimateOptions,
  type FitNote,
} from '../src/engine/context/index.ts';
import {
  createLocalProvider,
  scanPersonalData,
  type Prompt,
  type TextGenerator,
  type PersonalDataScan,
  type ProviderConfig,
} from '../src/engine/llm/index.ts';
import { estimateQuestions, generateQuestions, planQuestions } from '../src/engine/questions/index.ts';
import { InputError, type Chunk, type ChunkerId, type Doc } from '../src/engine/types.ts';
import { tokenizer, useTokenizer } from './tokenizer.ts';
import { setUpTransformers, useModelSource } from './transformers-env.ts';
import type { AnswerStore, LlmWorkerApi, LocalFolder, PreparedCorpus, PreparedQuestions } from './llm-api.ts';
import { IdbAnswerCache } from './idb-cache.ts';
import { configureLlm, httpProvider, llmConfig } from './llm-client.ts';
import { LOCAL_PREFIX, folderSlug, relativePaths, type PickedModel } from './picked-files.ts';

/** The model folder picked from disk, if the loaded model is one (served from memory by transformers-env.ts). */
let picked: PickedModel | null = null;

/** Personal data in each document and in all of them (the warning shown before any call). */
function scanCorpus(docs: Doc[]): { scan: PersonalDataScan; scanByDoc: Record<string, number> } {
  const scanByDoc: Record<string, number> = {};
  const all: PersonalDataScan = { counts: { email: 0, phone: 0, cpf: 0, cnpj: 0, card: 0 }, total: 0, examples: [] };
  for (const d of docs) {
    const s = scanPersonalData(d.text, 10);
    if (s.total) scanByDoc[d.id] = s.total;
    all.total += s.total;
    for (const k of Object.keys(s.counts) as (keyof typeof s.counts)[]) all.counts[k] += s.counts[k];
    if (all.examples.length < 10) all.examples.push(...s.examples.slice(0, 10 - all.examples.length));
  }
  return { scan: all, scanByDoc };
}

let local: TextGenerator | null = null;
let localKey = '';

/** This worker's answer caches (contextual retrieval's sentences, question generation's answers). */
const answers = { context: new IdbAnswerCache('context'), questions: new IdbAnswerCache('questions') };
function answerStore(store: AnswerStore): IdbAnswerCache {
  if (store !== 'context' && store !== 'questions') throw new InputError(`this worker keeps no "${store}" answers`, 'answers');
  return answers[store];
}

/** The configured model: the loaded in-page model, or the HTTP service (called from here). */
function provider(): TextGenerator {
  if (llmConfig()?.kind === 'local') {
    if (!local) throw new InputError('no in-page model is loaded', undefined, { code: 'model-not-loaded' });
    return local;
  }
  return httpProvider();
}

/** Jobs (document, chunk) of `chunks`, each with its document. */
function jobsOf(docs: Doc[], chunks: Chunk[]) {
  const byId = new Map(docs.map((d) => [d.id, d]));
  return chunks.map((chunk) => {
    const doc = byId.get(chunk.docId);
    if (!doc) throw new InputError(`unknown document "${chunk.docId}"`, `chunk ${chunk.id}`, { code: 'stale-chunk' });
    return { doc, chunk };
  });
}

const api: LlmWorkerApi = {
  /** Counts with the loaded embedding model's tokenizer (null: the bundled one), like the engine worker. */
  useTokenizer,

  configureLlm,

  /** Parse, chunk at the reduced cap, and scan for personal data. */
  async prepare(inputs: ParseInput[], chunker: ChunkerId, params: Record<string, unknown>, contextTokens: number, onProgress?: (f: number) => void): Promise<PreparedCorpus> {
    const tok = await tokenizer();
    const maxTokens = Number(params.maxTokens ?? 256);
    const cap = chunkingCap(maxTokens, contextTokens);
    const docs = inputs.map((d) => parseDocument(d));
    const chunks = await chunkCorpus(docs, chunker, { ...params, maxTokens: cap }, { tokenizer: tok, onProgress: onProgress ? (f) => void onProgress(f) : undefined });
    const { scan, scanByDoc } = scanCorpus(docs);
    return { docs, chunks, cap, scan, scanByDoc, tokenizer: tok.name };
  },

  estimate(docs: Doc[], chunks: Chunk[], opts: EstimateOptions): ContextEstimate {
    const byDoc = new Map<string, Chunk[]>();
    for (const c of chunks) (byDoc.get(c.docId) ?? byDoc.set(c.docId, []).get(c.docId)!).push(c);
    return estimateContextRun(docs, byDoc, opts);
  },

  /** Puts the sentences on their chunks (cut to fit maxTokens with the bundled tokenizer). */
  async place(docs: Doc[], chunks: Chunk[], sentences: Record<string, string>, maxTokens: number, contextTokens: number): Promise<{ chunks: Chunk[]; notes: FitNote[] }> {
    const tok = await tokenizer();
    const byDoc = new Map<string, Chunk[]>();
    for (const c of chunks) (byDoc.get(c.docId) ?? byDoc.set(c.docId, []).get(c.docId)!).push(c);
    const map = new Map(Object.entries(sentences));
    const placed = new Map<string, Chunk>();
    const notes: FitNote[] = [];
    for (const d of docs) {
      const list = byDoc.get(d.id);
      if (!list) continue;
      const r = applyContext(d, list, map, { tokenizer: tok, maxTokens, contextTokens });
      for (const c of r.chunks) placed.set(c.id, c);
      notes.push(...r.notes);
    }
    return { chunks: chunks.map((c) => placed.get(c.id) ?? c), notes };
  },

  /** Loads an in-page model (download once, then the browser's cache; or a picked folder); returns the device used. */
  async loadLocal(config: ProviderConfig, onProgress?: (info: { file?: string; loaded?: number; total?: number; status?: string }) => void, folder?: LocalFolder): Promise<{ id: string; device: string }> {
    const key = `${folder ? `folder:${folder.name}:${folder.files.length}` : config.model}|${config.dtype}|${config.device}`;
    if (!local || localKey !== key) {
      await local?.dispose?.();
      local = null;
      const { env } = await import('@huggingface/transformers');
      setUpTransformers(env, { pickedModel: () => picked });
      let model = config.model;
      if (folder) {
        const files = relativePaths(folder.files);
        if (!files.has('config.json')) throw new InputError(`the picked folder "${folder.name}" has no config.json (expected a model folder: config.json, tokenizer.json, onnx/)`, 'model folder', { code: 'no-model-config' });
        picked = { slug: folderSlug(folder.name), files };
        model = `${LOCAL_PREFIX}/${picked.slug}`;
        // A picked folder is read from memory only: nothing is asked of the Hub.
        useModelSource(env, 'files');
      } else {
        picked = null;
        useModelSource(env, 'hub');
      }
      const provider = await createLocalProvider(
        { ...config, model },
        {
          onLoadProgress: (i) => {
            const x = i as { file?: string; loaded?: number; total?: number; status?: string };
            onProgress?.({ file: x.file, loaded: x.loaded, total: x.total, status: x.status });
          },
        },
      );
      // The id the page's cache keys and provenance use ("local:folder:<name>" for a picked folder).
      local = Object.assign(Object.create(provider) as TextGenerator, { id: `local:${config.model}` });
      localKey = key;
    }
    return { id: local.id, device: (local as TextGenerator & { device?: string }).device ?? 'wasm' };
  },

  /** Parse, plan (passages and prompts), estimate against the answer cache, scan for personal data. */
  async prepareQuestions(inputs, model, opts, pricing): Promise<PreparedQuestions> {
    const tok = await tokenizer();
    const countTokens = (t: string) => tok.count(t);
    const docs = inputs.map((d) => parseDocument(d));
    const plan = planQuestions(docs, model, { ...opts, countTokens });
    const estimate = await estimateQuestions(plan, { pricing, countTokens, cache: answers.questions });
    return { docs, plan, estimate, ...scanCorpus(docs) };
  },

  /** Ask (or read the cache), locate and filter: the engine's generateQuestions, off the main thread. */
  async generateQuestions(docs, plan, existing, onProgress) {
    return generateQuestions(docs, plan, {
      provider: provider(),
      cache: answers.questions,
      existing,
      onProgress: onProgress ? (p) => void onProgress(p) : undefined,
    });
  },

  /** Contextual retrieval's sentences, resuming from the cache (an in-page model answers one at a time). */
  async generateContexts(docs, chunks, settings, concurrency, onProgress) {
    const p = provider();
    const { sentences, stats } = await generateContexts(jobsOf(docs, chunks), {
      ...settings,
      provider: p,
      cache: answers.context,
      concurrency: p === local ? 1 : concurrency,
      onProgress: onProgress ? (x) => void onProgress(x) : undefined,
    });
    return { sentences: Object.fromEntries(sentences), stats };
  },

  async cachedContexts(docs, chunks, model, settings) {
    return Object.fromEntries(await lookupContexts(jobsOf(docs, chunks), answers.context, model, settings));
  },

  answerCount: (store) => answerStore(store).count(),
  clearAnswers: (store) => answerStore(store).clear(),

  /** One generation with the loaded in-page model. */
  async generateLocal(prompt: Prompt, maxTokens: number): Promise<{ text: string }> {
    if (!local) throw new InputError('no in-page model is loaded', undefined, { code: 'model-not-loaded' });
    const r = await local.generate(prompt, { maxTokens });
    return { text: r.text };
  },
};


Comlink.expose(api);
