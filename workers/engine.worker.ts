// The engine in a Web Worker: a thin Comlink.expose over src/engine that only adapts (loads the
// bundled tokenizer once, turns uploaded files into the engine's reader inputs, returns plain data).
// Long calls take an optional progress callback (a Comlink.proxy on the page side). Errors (InputError
// included) reach the page through Comlink with their name and message.
import * as Comlink from 'comlink';
import { parseDocument, type ParseInput } from '../src/engine/documents/index.ts';
import { loadTokenizerFromUrl } from '../src/engine/tokens/index.ts';
import { CHUNKERS, chunkCorpus, chunkDocument, type ChunkerInfo } from '../src/engine/chunkers/index.ts';
import { lintChunks, type LintReport } from '../src/engine/lints/index.ts';
import { runExperiment, type ExperimentConfig, type Stage } from '../src/engine/evaluation/experiment.ts';
import type { ResultsFile, SkippedQuestion } from '../src/engine/evaluation/types.ts';
import {
  readChromaFolder,
  readChunklabFolder,
  readResults,
  readSquad,
  readWorkspace,
  workspaceFromDataset,
  writeWorkspace,
  type Dataset,
  type Workspace,
} from '../src/engine/formats/index.ts';
import { InputError, type Chunk, type ChunkerId, type Doc, type TextTokenizer } from '../src/engine/types.ts';

export const TOKENIZER_NAME = 'all-MiniLM-L6-v2';

let tokenizerPromise: Promise<TextTokenizer> | null = null;

/** The bundled tokenizer, fetched from the app's own public/tokenizers/ once per worker. */
function tokenizer(): Promise<TextTokenizer> {
  if (!tokenizerPromise) {
    const base = new URL(`${import.meta.env.BASE_URL}tokenizers/${TOKENIZER_NAME}/`, self.location.href).href;
    tokenizerPromise = loadTokenizerFromUrl(base, TOKENIZER_NAME);
    tokenizerPromise.catch(() => (tokenizerPromise = null));
  }
  return tokenizerPromise;
}

export type Progress = (fraction: number) => void;

/** Lets go of a page-side progress callback (a Comlink proxy) once a call is over. */
function release(cb: unknown): void {
  const r = (cb as { [Comlink.releaseProxy]?: () => void } | undefined)?.[Comlink.releaseProxy];
  if (typeof r === 'function') r.call(cb);
}

/** Runs `fn`, then releases the progress callback whatever happened. */
async function withProgress<T>(cb: unknown, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    release(cb);
  }
}

export interface LintOptions {
  modelMaxTokens?: number;
  minTokens?: number;
}

/** The model limit defaults to the tokenizer's own when the page gives none. */
function lintOptions(lint: LintOptions, tok: TextTokenizer) {
  return { modelMaxTokens: lint.modelMaxTokens ?? tok.modelMaxLength ?? 512, minTokens: lint.minTokens ?? 0 };
}

export interface CorpusChunks {
  chunks: Chunk[];
  /** Lint report per document id. */
  lint: Record<string, LintReport>;
  tokenizer: string;
}

export interface InspectResult {
  doc: Doc;
  chunks: Chunk[];
  lint: LintReport;
  tokenizer: string;
  modelMaxLength?: number;
}

/** An uploaded file as the page reads it. `path` is the folder-relative path when a folder was chosen. */
export interface UploadedFile {
  name: string;
  path?: string;
  text: string;
}

function base(f: UploadedFile): string {
  return (f.path || f.name).replace(/\\/g, '/').split('/').pop() ?? f.name;
}

/** Which reader an upload is for, by its files; the readers themselves validate the content. */
/** A read upload: the workspace to add, and the questions the file had but that cannot be evaluated. */
export interface ReadUpload {
  workspace: Workspace;
  skipped: SkippedQuestion[];
}

function asUpload(ds: Dataset, id: string): ReadUpload {
  return { workspace: workspaceFromDataset(ds, id), skipped: ds.skipped };
}

function readUpload(files: UploadedFile[]): ReadUpload {
  if (!files.length) throw new InputError('no file chosen');
  const csv = files.find((f) => base(f).toLowerCase() === 'questions_df.csv');
  if (csv) {
    const corpora: Record<string, string> = {};
    for (const f of files) if (f !== csv && /\.(md|markdown|txt)$/i.test(base(f))) corpora[base(f)] = f.text;
    const folder = (csv.path ?? '').split('/').filter(Boolean)[0];
    return asUpload(readChromaFolder({ corpora, csv: csv.text, name: folder && folder !== csv.path ? folder : 'Chroma' }), 'chroma');
  }
  const docsJson = files.find((f) => base(f) === 'documents.json');
  if (docsJson) {
    const questions = files.find((f) => base(f) === 'questions.json');
    const byPath: Record<string, string> = {};
    for (const f of files) {
      const p = (f.path || f.name).replace(/\\/g, '/');
      // Paths in documents.json are relative to its folder: index every suffix of the chosen path.
      const parts = p.split('/');
      for (let i = 0; i < parts.length; i++) byPath[parts.slice(i).join('/')] = f.text;
    }
    return asUpload(readChunklabFolder({ documents: docsJson.text, files: byPath, questions: questions?.text }), 'corpus');
  }
  if (files.length > 1) throw new InputError('choose one JSON file, or a whole Chroma or ChunkLab folder', files.map(base).join(', '));
  const f = files[0];
  let root: unknown;
  try {
    root = JSON.parse(f.text);
  } catch {
    // readSquad reports the JSON error with its line and column.
    return asUpload(readSquad(f.text, base(f)), 'squad');
  }
  const format = root && typeof root === 'object' ? (root as { format?: unknown }).format : undefined;
  if (format === 'chunklab-workspace') return { workspace: readWorkspace(f.text, base(f)), skipped: [] };
  if (format === 'chunklab-results') {
    readResults(f.text, base(f));
    throw new InputError('this is a results file, not a dataset: open it in the results view', base(f));
  }
  return asUpload(readSquad(f.text, base(f)), 'squad');
}

/** What the interface needs of a registry entry (the chunker function itself stays here). */
export type ChunkerDescription = Omit<ChunkerInfo, 'chunker'>;

const api = {
  /** The chunker registry without its functions: ids, labels, summaries, parameters with help. */
  chunkers(): ChunkerDescription[] {
    return Object.values(CHUNKERS).map(({ chunker: _chunker, ...info }) => info);
  },

  /** Parses documents (Markdown, text, HTML) into Docs with blocks. */
  parse(inputs: ParseInput[]): Doc[] {
    return inputs.map((d) => parseDocument(d));
  },

  /** Parses one document, chunks it and lints the chunks: what the chunk inspector shows. */
  inspect(input: ParseInput, chunkerId: ChunkerId, params: Record<string, unknown>, lint: LintOptions, onProgress?: Progress): Promise<InspectResult> {
    return withProgress(onProgress, async () => {
      const tok = await tokenizer();
      const doc = parseDocument(input);
      const chunks = await chunkDocument(doc, chunkerId, params, { tokenizer: tok, onProgress: onProgress ? (f) => void onProgress(f) : undefined });
      const report = lintChunks(doc, chunks, lintOptions(lint, tok));
      return { doc, chunks, lint: report, tokenizer: tok.name, modelMaxLength: tok.modelMaxLength };
    });
  },

  /** Parses and chunks many documents, then lints each document's chunks; progress over characters. */
  chunkCorpus(inputs: ParseInput[], chunkerId: ChunkerId, params: Record<string, unknown>, lint: LintOptions, onProgress?: Progress): Promise<CorpusChunks> {
    return withProgress(onProgress, async () => {
      const tok = await tokenizer();
      const docs = inputs.map((d) => parseDocument(d));
      const chunks = await chunkCorpus(docs, chunkerId, params, { tokenizer: tok, onProgress: onProgress ? (f) => void onProgress(f) : undefined });
      const byDoc = new Map<string, Chunk[]>(docs.map((d) => [d.id, []]));
      for (const c of chunks) byDoc.get(c.docId)?.push(c);
      const reports: Record<string, LintReport> = {};
      for (const d of docs) reports[d.id] = lintChunks(d, byDoc.get(d.id)!, lintOptions(lint, tok));
      return { chunks, lint: reports, tokenizer: tok.name };
    });
  },

  /** Runs one experiment over a dataset with the bundled tokenizer; returns the results file. */
  experiment(dataset: Dataset, config: ExperimentConfig, onProgress?: (stage: Stage, fraction: number) => void): Promise<ResultsFile> {
    return withProgress(onProgress, async () => {
      const tok = await tokenizer();
      return runExperiment(dataset, config, { tokenizer: tok, onProgress: onProgress ? (stage, f) => void onProgress(stage, f) : undefined });
    });
  },

  /** Reads uploaded files (SQuAD, Chroma folder, ChunkLab folder or workspace file) as a workspace. */
  readUpload(files: UploadedFile[]): ReadUpload {
    return readUpload(files);
  },

  /** Serialises a workspace as the workspace file. */
  writeWorkspace(ws: Workspace): string {
    return writeWorkspace(ws);
  },
};

export type EngineApi = typeof api;

Comlink.expose(api);
