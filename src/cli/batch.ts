// `batch --recipe <file> --input <folder | .jsonl | .parquet> --out <folder> [--workers n] [--jsonl]
//   [--no-parquet] [--part-rows n] [--tokenizer dir] [--embedder openai:<model> --embed-base-url <url> ...]`
// The page's chosen chunking over a whole corpus: a pool of worker threads runs the same
// chunkWithRecipe as `serve --stdio` and the library; documents stream in, chunks go out in Parquet
// parts committed by a manifest (docs/CONTRACT.md), so a killed run resumes where it stopped.
import { availableParallelism } from 'node:os';
import { readFlags } from './args.ts';
import { loadRecipe } from './batch/recipe-file.ts';
import { idsAt, openInput } from './batch/inputs.ts';
import { InputError } from '../engine/types.ts';
import { WorkerPool } from './batch/pool.ts';
import { workerResourceLimits } from './batch/memory.ts';
import { BatchOutput, MANIFEST_FORMAT, type ManifestHead } from './batch/output.ts';
import { Progress } from './batch/progress.ts';
import type { TaskResult } from './batch/tasks.ts';

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('batch', argv);
  if (!p) return 0;
  const f = p.flags;
  const recipePath = f.recipe;
  const inputPath = f.input;
  const out = f.out;
  const workers = f.workers ?? availableParallelism();
  const partRows = f['part-rows'];
  const parquet = !f['no-parquet'];
  const jsonl = f.jsonl;
  const o = f;
  const { recipe, hash, tokenizer, perDocument } = await loadRecipe(recipePath, f.tokenizer);
  const input = await openInput(inputPath);
  const head: ManifestHead = { format: MANIFEST_FORMAT, version: 1, recipeHash: hash, recipe, ...(perDocument ? { perDocument } : {}), input: inputPath, outputs: { parquet, jsonl } };
  const output = await BatchOutput.open(out, head, { parquet, jsonl, partRows, partBytes: 32 << 20 });
  if (output.state.finished) {
    console.error(`batch      ${out} is chunked already (${output.state.docsDone} documents, ${output.state.chunks} chunks)`);
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
  if (skip) console.error(`batch      resuming: ${skip} documents (${output.state.chunks} chunks, ${output.state.parts.length} parts) are done already`);
  const what = perDocument
    ? `per-document recipe (${Object.keys(perDocument.configurations).length} configurations, ${Object.keys(perDocument.documents).length} documents listed, default ${perDocument.default}: ${recipe.chunker})`
    : `recipe ${recipe.chunker}`;
  console.error(`batch      ${what} ${hash} · ${workers} worker${workers > 1 ? 's' : ''} · ${inputPath}`);

  const pool = new WorkerPool(workers, new URL('./batch-worker.mjs', import.meta.url), { recipe, hash, tokenizerDir: f.tokenizer, perDocument }, workerResourceLimits(workers));
  const progress = new Progress(input.totalDocs, input.totalBytes, skip);
  const ready = new Map<number, TaskResult>();
  let next = skip;
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown;
  let queued = false;
  // In order: documents finish out of order in the pool and are written in input order.
  const settle = (r: TaskResult) => {
    ready.set(r.seq, r);
    progress.done(r);
    while (ready.has(next)) {
      const d = ready.get(next)!;
      ready.delete(next);
      next++;
      output.add(d);
      if (output.full && !queued) {
        queued = true;
        writing = writing
          .then(() => {
            queued = false;
            return output.commit();
          })
          .catch((e) => void (failure ??= e));
      }
    }
  };
  const inFlight = new Set<Promise<void>>();
  const window = workers * 4;
  try {
    for await (const item of input.items(skip)) {
      if (failure) throw failure;
      if ('error' in item) {
        settle(item.error);
        continue;
      }
      const { inputHash } = item.task;
      const p: Promise<void> = pool.run(item.task).then((r) => {
        inFlight.delete(p);
        settle({ ...r, inputHash });
      });
      inFlight.add(p);
      // Bounded memory: at most `window` documents in the workers, and the writer not far behind.
      while (inFlight.size >= window) await Promise.race(inFlight);
      if (output.full) await writing;
    }
    await Promise.all(inFlight);
    await writing;
    if (failure) throw failure;
    await output.finish();
  } finally {
    progress.stop();
    await pool.close();
  }
  const s = output.state;
  console.error(progress.summary());
  console.error(`batch      ${s.docsDone} documents → ${s.chunks} chunks in ${s.parts.filter((p) => p.file).length} Parquet parts${jsonl ? ' and chunks.jsonl' : ''}; ${s.errors} documents with errors (errors.jsonl) → ${out}`);
  if (o.embedder) console.error(await (await import('./batch/embed.ts')).embedParts(out, { o, tokenizer }));
  return 0;
}
