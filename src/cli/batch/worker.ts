// A batch worker, a child process or a worker thread (build/cli/batch-worker.mjs, pool.ts; serve
// --stdio runs one thread): loads the recipe's
// tokenizer once, then chunks each group of documents it is sent (reading each file of a folder first) with the same
// chunkWithRecipe as `serve --stdio` and the library, writes the group's chunks as Parquet part files
// under temporary names, and answers what each part holds. With a per-document recipe, each document
// is cut with its own configuration's recipe (and tokenizer).
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { threadCpuSeconds } from './thread-cpu.ts';
import { join } from 'node:path';
import { chunkWithRecipe, type ChunkRow, type PerDocumentRecipe, type RecipeDocument } from '../../engine/recipe/index.ts';
import type { Recipe } from '../../engine/recipe/index.ts';
import { errorLine } from '../errors.ts';
import { InputError } from '../../engine/types.ts';
import { documentId } from '../../engine/formats/index.ts';
import { recipeChooser } from './recipe-file.ts';
import { documentFromFile } from './read-file.ts';
import { useOcr } from '../../node/document-readers.ts';
import type { NodeOcrOptions } from '../../node/ocr/tesseract.ts';
import { writeParquetPart } from './output.ts';
import { checkDocumentMemory } from './memory.ts';
import { getHeapStatistics } from 'node:v8';
import type { DocError, GroupTask, Item, LineId, LineTask, WorkerMessage, WorkerTask, WrittenPart } from './tasks.ts';
import { documentOfLine, lineBytes } from './jsonl-line.ts';

const encoder = new TextEncoder();
const oneLine = (e: unknown) => errorLine(e).replace(/^error: /, '');

type WorkerData = { recipe: Recipe; hash: string; tokenizerDir?: string; perDocument?: PerDocumentRecipe; ocr?: NodeOcrOptions };
const heapLimit = getHeapStatistics().heap_size_limit;
let recipeOf: ReturnType<typeof recipeChooser>;

function setUp({ recipe, hash, tokenizerDir, perDocument, ocr }: WorkerData): void {
  // Scanned pages of the files read here: --ocr and --ocr-lang as the main thread got them, on one
  // Tesseract per worker (the workers already read files side by side). Said outright: in a worker
  // process isMainThread is true, so ocrThreads() would start up to four per worker process.
  if (ocr) useOcr({ ...ocr, threads: ocr.threads ?? 1 });
  recipeOf = recipeChooser({ recipe, hash, perDocument }, tokenizerDir);
  // One recipe: its tokenizer loads at once, as before the first document.
  if (!perDocument) void recipeOf('').catch(() => undefined);
}

/** A JSONL line of the group: its document (under the id the main thread gave it, if it renamed it), or its error. */
function lineDocument(task: GroupTask, item: Extract<Item, { kind: 'jsonl' }>, ids: LineId[]): RecipeDocument | DocError {
  const text = lineBytes(task.lines!, item.off, item.len).toString('utf8');
  const r = documentOfLine(text, item.n, task.source ?? 'input');
  if ('error' in r) return r.error;
  ids.push({ seq: item.seq, n: item.n, id: r.doc.id });
  const renamed = task.renames?.[item.seq];
  return renamed === undefined ? r.doc : { ...r.doc, id: renamed };
}

async function chunkItem(item: Item, emptyIsError = true, task?: GroupTask, ids: LineId[] = []): Promise<{ id: string; bytes: number; rows?: ChunkRow[]; error?: DocError }> {
  if (item.kind === 'error') return { id: item.id, bytes: item.bytes, error: { id: item.id, error: item.error } };
  let parsed: RecipeDocument | undefined;
  try {
    if (item.kind === 'jsonl') {
      const d = lineDocument(task!, item, ids);
      if (!('text' in d)) return { id: d.id, bytes: item.bytes, error: d };
      parsed = d;
    }
    const doc: RecipeDocument = item.kind === 'file' ? await documentFromFile(item.root, item.rel) : item.kind === 'jsonl' ? parsed! : item.doc;
    checkDocumentMemory(Buffer.byteLength(doc.text), heapLimit, item.kind === 'file' ? item.rel : undefined);
    // batch: an empty file (or one of blank lines) gives no chunk: said in errors.jsonl, not silently
    // dropped (serve answers it with its empty list of chunks).
    if (emptyIsError && !doc.text.trim()) throw new InputError('the document holds no text (no chunk)', item.kind === 'file' ? item.rel : undefined);
    const r = await recipeOf(doc.id);
    const rows = await chunkWithRecipe(doc, r.recipe, { tokenizer: r.tokenizer, hash: r.hash });
    return { id: doc.id, bytes: item.bytes || Buffer.byteLength(doc.text), rows };
  } catch (e) {
    // The document id, as for a document that was chunked (a folder's file: its name without the
    // extension, as chunk names it), and for a file its path too, which says which file it was.
    if (item.kind === 'file') {
      const id = documentId(item.rel);
      return { id, bytes: item.bytes, error: { id, path: item.rel, error: oneLine(e) } };
    }
    const id = item.kind === 'jsonl' ? (parsed?.id ?? `line ${item.n}`) : item.doc.id;
    return { id, bytes: item.bytes, error: { id, error: oneLine(e) } };
  }
}

async function runGroup(task: GroupTask): Promise<{ parts: WrittenPart[]; bytes: number; ids: LineId[] }> {
  const { out } = task;
  const parts: WrittenPart[] = [];
  let rows: ChunkRow[] = [];
  let errors: DocError[] = [];
  let docs = 0;
  let textBytes = 0;
  let lastId = '';
  let inputHash: string | undefined;
  let bytes = 0;
  const ids: LineId[] = [];
  // Progress goes back now and then, not per document: every message wakes the main thread.
  let told = { docs: 0, bytes: 0, at: performance.now() };
  let done = 0;
  const tell = (force: boolean) => {
    const now = performance.now();
    if (done === told.docs || (!force && now - told.at < 250)) return;
    post({ kind: 'docs', group: task.group, docs: done - told.docs, bytes: bytes - told.bytes });
    told = { docs: done, bytes, at: now };
  };
  const close = async () => {
    if (!docs) return;
    let tmp: string | null = null;
    if (out.parquet && rows.length) {
      tmp = join(out.dir, `.group-${task.group}-${parts.length}.parquet.tmp`);
      await writeParquetPart(tmp, rows);
    }
    const jsonl = out.jsonl ? encoder.encode(rows.map((r) => JSON.stringify(r) + '\n').join('')) : new Uint8Array(0);
    parts.push({ tmp, docs, chunks: rows.length, errors, lastId, ...(inputHash ? { inputHash } : {}), jsonl });
    rows = [];
    errors = [];
    docs = 0;
    textBytes = 0;
  };
  for (const item of task.items) {
    const r = await chunkItem(item, true, task, ids);
    docs++;
    lastId = r.id;
    inputHash = item.inputHash;
    if (r.error) errors.push(r.error);
    else
      for (const row of r.rows!) {
        rows.push(row);
        textBytes += row.text.length + row.prefix.length;
      }
    bytes += r.bytes;
    done++;
    tell(false);
    if (rows.length >= out.partRows || textBytes >= out.partBytes) await close();
  }
  await close();
  tell(true);
  return { parts, bytes, ids };
}

async function runLine(task: LineTask): Promise<WorkerMessage> {
  const r = await chunkItem({ seq: task.seq, kind: 'doc', doc: task.doc, bytes: 0 }, false);
  return r.error ? { kind: 'line', seq: task.seq, error: r.error.error } : { kind: 'line', seq: task.seq, line: JSON.stringify({ id: r.id, chunks: r.rows }) };
}

async function answer(task: WorkerTask): Promise<WorkerMessage> {
  try {
    if (task.kind === 'line') return await runLine(task);
    const r = await runGroup(task);
    const u = process.cpuUsage();
    return { kind: 'group', group: task.group, ...r, cpu: threadCpuSeconds(), thread: inProcess ? process.pid : threadId, ...(inProcess ? { processCpu: (u.user + u.system) / 1e6, maxRssMb: process.resourceUsage().maxRSS / 1024 } : {}) };
  } catch (e) {
    // Writing a part failed (a full disk, a removed folder): the run cannot go on.
    return { kind: 'fail', error: oneLine(e) };
  }
}

// A child process (pool.ts 'processes'): its recipe comes as the first message; it ends when the
// pipe to batch closes (batch ended, even killed), so no worker outlives it.
const inProcess = !parentPort && typeof process.send === 'function';
let post: (m: WorkerMessage) => void;
if (inProcess) {
  post = (m) => void process.send!(m);
  let ready = false;
  process.on('message', async (m: WorkerTask | { kind: 'init'; data: WorkerData }) => {
    if (m.kind === 'init') {
      setUp(m.data);
      ready = true;
      return;
    }
    if (!ready) throw new Error('a batch worker got a task before its recipe');
    post(await answer(m));
  });
  process.on('disconnect', () => process.exit(0));
} else {
  const port = parentPort!;
  setUp(workerData as WorkerData);
  post = (m) => port.postMessage(m);
  port.on('message', async (task: WorkerTask) => {
    const reply = await answer(task);
    // The parts' chunks.jsonl bytes move to the main thread (transferred, not copied).
    port.postMessage(reply, reply.kind === 'group' ? reply.parts.map((p) => p.jsonl.buffer as ArrayBuffer) : []);
  });
}
