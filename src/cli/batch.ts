// `batch --recipe <file> --input <folder | .jsonl | .parquet> --out <folder> [--workers n] [--jsonl]
//   [--no-parquet] [--part-rows n] [--tokenizer dir] [--embedder openai:<model> --embed-base-url <url> ...]`
// The page's chosen chunking over a whole corpus: a pool of worker threads runs the same
// chunkWithRecipe as `serve --stdio` and the library; documents stream in, chunks go out in Parquet
// parts committed by a manifest (docs/CONTRACT.md), so a killed run resumes where it stopped.
import { useOcr } from '../node/document-readers.ts';
import { availableParallelism } from 'node:os';
import { readFlags } from './args.ts';
import { count } from './common.ts';
import { loadRecipe } from './batch/recipe-file.ts';
import { idsAt, openInput, UniqueIds, type InputItem } from './batch/inputs.ts';
import { documentOfLine, lineBytes } from './batch/jsonl-line.ts';
import { InputError } from '../engine/types.ts';
import { WorkerPool } from './batch/pool.ts';
import { diedMessage, workerResourceLimits } from './batch/memory.ts';
import { BatchOutput, MANIFEST_FORMAT, type ManifestHead } from './batch/output.ts';
import { Progress } from './batch/progress.ts';
import { cpuLine, threadCpuSeconds } from './batch/thread-cpu.ts';
import type { GroupLines, Item, LineId, OutputSpec, WrittenPart } from './batch/tasks.ts';
import { documentId } from '../engine/formats/index.ts';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('batch', argv);
  if (!p) return 0;
  const f = p.flags;
  const ocr = { mode: f.ocr, lang: f['ocr-lang'] };
  useOcr(ocr);
  const recipePath = f.recipe;
  const inputPath = f.input;
  const out = f.out;
  const workers = f.workers ?? availableParallelism();
  const kind = f.pool;
  const partRows = f['part-rows'];
  const parquet = !f['no-parquet'];
  const jsonl = f.jsonl;
  const o = f;
  const { recipe, hash, tokenizer, perDocument } = await loadRecipe(recipePath, f.tokenizer);
  const input = await openInput(inputPath);
  const head: ManifestHead = { format: MANIFEST_FORMAT, version: 1, recipeHash: hash, recipe, ...(perDocument ? { perDocument } : {}), input: inputPath, outputs: { parquet, jsonl } };
  const output = await BatchOutput.open(out, head, { parquet, jsonl });
  if (output.state.finished) {
    console.error(`batch      ${out} is chunked already (${count(output.state.docsDone, 'document')}, ${count(output.state.chunks, 'chunk')})`);
    if (o.embedder) console.error(await (await import('./batch/embed.ts')).embedParts(out, { o, tokenizer }));
    return 0;
  }
  const skip = output.state.docsDone;
  if (skip) {
    // Resuming skips by count: the input must still have the last committed document there.
    const lastId = output.state.lastId ?? '';
    const seen = await idsAt(input, skip - 1);
    if (!seen?.ids.includes(lastId)) {
      throw new InputError(
        `--out was written from another input: its document ${skip} was "${lastId}", the input's is now ${seen ? `"${seen.ids[0]}"` : 'missing (the input is shorter)'}; give a new folder (or the input it was started with)`,
        out,
      );
    }
    // The same id there, but an edited document before it would be silently kept as it was chunked.
    if (output.state.inputHash && seen.inputHash !== output.state.inputHash) {
      throw new InputError(
        `--out was written from another version of the input: one of its first ${skip} documents (the ones already chunked) has changed since; give a new folder (or the input it was started with)`,
        out,
      );
    }
  }
  if (skip) console.error(`batch      resuming: ${count(skip, 'document')} (${count(output.state.chunks, 'chunk')}, ${count(output.state.parts.length, 'part')}) ${skip === 1 ? 'is' : 'are'} done already`);
  const what = perDocument
    ? `per-document recipe (${Object.keys(perDocument.configurations).length} configurations, ${Object.keys(perDocument.documents).length} documents listed, default ${perDocument.default}: ${recipe.chunker})`
    : `recipe ${recipe.chunker}`;
  console.error(`batch      ${what} ${hash} · ${workers} worker${workers > 1 ? 's' : ''} · ${inputPath}`);

  // The ids given so far (a JSONL's or a Parquet table's): a repeated one is renamed.
  const givenIds = new UniqueIds(inputPath);
  const progress = new Progress(input.totalDocs, input.totalBytes, skip);
  const spec: OutputSpec = { dir: out, parquet, jsonl, partRows, partBytes: 32 << 20 };
  // Documents a group of its own took so far, to take back from the progress when its worker dies.
  const seen = new Map<number, { docs: number; bytes: number }>();
  const pool = new WorkerPool(workers, new URL('./batch-worker.mjs', import.meta.url), { recipe, hash, tokenizerDir: f.tokenizer, perDocument, ocr }, {
    kind,
    resourceLimits: workerResourceLimits(workers),
    onDocuments: (group, docs, bytes) => {
      const s = seen.get(group) ?? { docs: 0, bytes: 0 };
      seen.set(group, { docs: s.docs + docs, bytes: s.bytes + bytes });
      progress.done(docs, bytes);
    },
  });
  let groupIds = 0;
  // Each worker's CPU seconds as its last group said them, for the closing profile line: its thread's,
  // and for a worker process the whole process's and its peak memory.
  const workerCpu = new Map<number, number>();
  const workerProcessCpu = new Map<number, number>();
  const workerRss = new Map<number, number>();
  // A group's parts and the ids its JSONL lines gave, or when its worker died (out of memory on one
  // document, a parser crash): its documents again one by one, so only the one that kills a worker
  // becomes an error.
  const runGroup = async (g: Group, items = g.items, renames?: Record<number, string>): Promise<GroupDone> => {
    const group = groupIds++;
    const r = await pool.run({ kind: 'group', group, items, out: spec, ...(g.lines ? { lines: g.lines, source: inputPath } : {}), ...(renames ? { renames } : {}) });
    const taken = seen.get(group);
    seen.delete(group);
    if (r.kind === 'group') {
      if (r.cpu !== undefined) workerCpu.set(r.thread, r.cpu);
      if (r.processCpu !== undefined) workerProcessCpu.set(r.thread, r.processCpu);
      if (r.maxRssMb !== undefined) workerRss.set(r.thread, r.maxRssMb);
      return { parts: r.parts, ids: r.ids };
    }
    if (r.kind === 'fail') throw new InputError(r.error, out);
    if (r.kind !== 'died') throw new Error(`unexpected answer from a batch worker (${r.kind})`);
    progress.undo(taken?.docs ?? 0, taken?.bytes ?? 0);
    await removeGroupFiles(out, group);
    if (items.length > 1) {
      const each = await Promise.all(items.map((it) => runGroup(g, [it], renames)));
      return { parts: each.flatMap((d) => d.parts), ids: each.flatMap((d) => d.ids) };
    }
    const it = items[0];
    progress.done(1, it.bytes);
    let error = it.kind === 'error' ? it.error : diedMessage(r.why);
    let id: string;
    const ids: LineId[] = [];
    if (it.kind === 'jsonl') {
      // The worker died on this line: its id read here, so errors.jsonl names the document.
      const d = documentOfLine(lineBytes(g.lines!, it.off, it.len).toString('utf8'), it.n, inputPath);
      if ('error' in d) ({ id, error } = d.error);
      else {
        ids.push({ seq: it.seq, n: it.n, id: d.doc.id });
        id = renames?.[it.seq] ?? d.doc.id;
      }
    } else id = it.kind === 'doc' ? it.doc.id : it.kind === 'file' ? documentId(it.rel) : it.id;
    return { parts: [{ tmp: null, docs: 1, chunks: 0, errors: [it.kind === 'file' ? { id, path: it.rel, error } : { id, error }], lastId: id, ...(it.inputHash ? { inputHash: it.inputHash } : {}), jsonl: new Uint8Array(0) }], ids };
  };
  // Ids a JSONL gave twice, seen in input order as groups commit: the later document is chunked
  // again under "<id> (2)" (the chunk ids hold the document id), and said on stderr.
  const renamesOf = (ids: LineId[]): Record<number, string> | undefined => {
    let renames: Record<number, string> | undefined;
    for (const { seq, n, id } of ids) {
      const unique = givenIds.of(id, `${inputPath} line ${n}`, true);
      if (unique !== id) (renames ??= {})[seq] = unique;
    }
    return renames;
  };
  // A group's JSONL lines go to the worker as bytes, one shared buffer per group: no string is made
  // here, nothing is cloned, and the buffer stays here to hand a line again if its worker dies.
  const pack = (batch: InputItem[]): Group => {
    let size = 0;
    for (const it of batch) if (it.kind === 'raw') size += it.raw.length;
    if (!batch.some((it) => it.kind === 'raw')) return { items: batch as Item[] };
    // Worker threads share the memory; worker processes get the bytes through their pipe.
    const lines = kind === 'threads' ? new SharedArrayBuffer(size) : new Uint8Array(size);
    const view = lines instanceof Uint8Array ? lines : new Uint8Array(lines);
    let off = 0;
    const items = batch.map((it): Item => {
      if (it.kind !== 'raw') return it;
      view.set(it.raw, off);
      const item: Item = { seq: it.seq, kind: 'jsonl', n: it.n, off, len: it.raw.length, bytes: it.bytes, inputHash: it.inputHash };
      off += it.raw.length;
      return item;
    });
    return { items, lines };
  };

  // Groups of consecutive documents, small enough that every worker has several to do (and memory
  // stays bounded), large enough that a group's start and its part files cost little. They shrink
  // with what is left of the input, so the workers end together: with groups of one size, one
  // worker could spend up to the last group's whole time alone while the other cores idle.
  const slices = workers * 8;
  let readBytes = 0;
  let readDocs = 0;
  const groupBytes = () => (input.totalBytes ? clamp((input.totalBytes - readBytes) / slices, 64e3, 4e6) : 4e6);
  const groupDocs = () => (input.totalDocs ? clamp(Math.ceil((input.totalDocs - skip - readDocs) / slices), 1, 256) : 256);
  const ready = new Map<number, { g: Group; done: GroupDone }>();
  const inFlight = new Set<Promise<void>>();
  let nextToCommit = 0;
  let sent = 0;
  let committing: Promise<void> = Promise.resolve();
  let failure: unknown;
  // In order: groups finish out of order in the pool and are committed in input order.
  const settle = (index: number, g: Group, done: GroupDone) => {
    ready.set(index, { g, done });
    committing = committing
      .then(async () => {
        while (ready.has(nextToCommit)) {
          const r = ready.get(nextToCommit)!;
          ready.delete(nextToCommit);
          nextToCommit++;
          let { parts } = r.done;
          const renames = renamesOf(r.done.ids);
          if (renames) {
            for (const p of parts) if (p.tmp) await rm(p.tmp, { force: true });
            progress.undo(r.g.items.length, r.g.items.reduce((s, it) => s + it.bytes, 0));
            ({ parts } = await runGroup(r.g, r.g.items, renames));
          }
          for (const part of parts) await output.commitPart(part);
        }
      })
      .catch((e) => void (failure ??= e));
  };
  const send = (batch: InputItem[]) => {
    const index = sent++;
    const g = pack(batch);
    const p: Promise<void> = runGroup(g)
      .then((done) => settle(index, g, done))
      .catch((e) => void (failure ??= e))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  // Ctrl-C or a kill: the worker processes end with this one, then it ends as the signal says (the
  // parts committed so far stay valid, and a rerun resumes after them). A SIGKILL cannot be caught:
  // the workers then end when their pipe closes (worker.ts).
  const stop = (signal: NodeJS.Signals) => {
    pool.kill();
    progress.stop();
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    process.kill(process.pid, signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    let items: InputItem[] = [];
    let bytes = 0;
    for await (const item of input.items(skip, { raw: true, unique: givenIds })) {
      if (failure) throw failure;
      items.push(item);
      bytes += item.bytes;
      if (items.length >= groupDocs() || bytes >= groupBytes()) {
        readBytes += bytes;
        readDocs += items.length;
        send(items);
        items = [];
        bytes = 0;
        // Bounded memory: at most two groups per worker in flight, and the commits not far behind.
        while (inFlight.size >= workers * 2) await Promise.race(inFlight);
      }
    }
    if (items.length) send(items);
    while (inFlight.size) await Promise.race(inFlight);
    await committing;
    if (failure) throw failure;
    await output.finish();
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    progress.stop();
    await pool.close();
  }
  const s = output.state;
  // Worker processes' memory is their own: the peak said is this process's plus each worker's.
  const workersRss = [...workerRss.values()];
  console.error(progress.summary(workersRss.length ? { mb: workersRss.reduce((a, b) => a + b, 0), processes: workersRss.length } : undefined));
  // Where the CPU went (Linux): the main thread reads and hands out lines and commits parts, the
  // workers parse and chunk and write Parquet, the other threads are V8's GC helpers and file I/O.
  const mainCpu = threadCpuSeconds();
  if (mainCpu !== undefined && workerCpu.size) {
    const u = process.cpuUsage();
    // Worker processes: their CPU is their own, added to this process's.
    const children = [...workerProcessCpu.values()].reduce((a, b) => a + b, 0);
    console.error(cpuLine((u.user + u.system) / 1e6 + children, mainCpu, [...workerCpu.values()], progress.megabytes));
  }
  console.error(`batch      ${count(s.docsDone, 'document')} → ${count(s.chunks, 'chunk')} in ${count(s.parts.filter((p) => p.file).length, 'Parquet part')}${jsonl ? ' and chunks.jsonl' : ''}; ${count(s.errors, 'document')} with errors (errors.jsonl) → ${out}`);
  if (o.embedder) console.error(await (await import('./batch/embed.ts')).embedParts(out, { o, tokenizer }));
  return 0;
}

/** A group of consecutive documents as sent to a worker: its items and its JSONL lines' bytes. */
interface Group {
  items: Item[];
  lines?: GroupLines;
}

/** What a group gave: its parts (in order) and the ids its JSONL lines gave, to check for repeats. */
interface GroupDone {
  parts: WrittenPart[];
  ids: LineId[];
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The temporary part files a worker that died had written for a group. */
async function removeGroupFiles(dir: string, group: number): Promise<void> {
  const prefix = `.group-${group}-`;
  for (const name of await readdir(dir)) if (name.startsWith(prefix)) await rm(join(dir, name), { force: true });
}
