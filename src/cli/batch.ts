// `batch --recipe <file> --input <folder | .jsonl | .parquet> --out <folder> [--workers n] [--jsonl]
//   [--no-parquet] [--part-rows n] [--tokenizer dir] [--embedder openai:<model> --embed-base-url <url> ...]`
// The page's chosen chunking over a whole corpus: a pool of worker threads runs the same
// chunkWithRecipe as `serve --stdio` and the library; documents stream in, chunks go out in Parquet
// parts committed by a manifest (docs/CONTRACT.md), so a killed run resumes where it stopped.
import { availableParallelism } from 'node:os';
import { InputError } from '../engine/types.ts';
import { parseArgs, intOption, required } from './args.ts';
import { printedHelp } from './common.ts';
import { loadRecipe } from './batch/recipe-file.ts';
import { openInput } from './batch/inputs.ts';
import { WorkerPool } from './batch/pool.ts';
import { BatchOutput, MANIFEST_FORMAT, type ManifestHead } from './batch/output.ts';
import { Progress } from './batch/progress.ts';
import type { TaskResult } from './batch/tasks.ts';

const HELP = `usage: npm run cli -- batch --recipe <file> --input <folder | docs.jsonl | docs.parquet> --out <folder>
       [--workers <n>] [--jsonl] [--no-parquet] [--part-rows <n>] [--tokenizer <dir>]
       [--embedder openai:<model> [--embed-base-url <url>] [--dimensions <n>] [--embed-batch <n>]
        [--embed-concurrency <n>] [--cache-dir <dir> | --no-cache] [--yes]]

--recipe is a recipe file (the page's "use this configuration"), a results file or its config.
--input: a folder of documents (.md, .txt, .html, .pdf, .docx, read as \`chunk\` reads them), a JSONL
of {"id", "text", "format"?, "meta"?} lines, or a Parquet table with id and text columns.
--out: a new folder, or the folder of an interrupted run to resume it (same recipe).
Writes part-NNNNN.parquet (one row per chunk), chunks.jsonl with --jsonl, errors.jsonl (one line per
document that could not be chunked; the run goes on) and manifest.jsonl. --workers defaults to one
per core; --part-rows (default 50000) is the chunks per Parquet part.
--embedder adds a "vector" column from an embedding service, as eval does: estimate and
confirmation first, vectors cached in .cache/embeddings (or --cache-dir).`;

const OPTIONS = {
  recipe: { type: 'string' },
  input: { type: 'string' },
  out: { type: 'string' },
  workers: { type: 'string' },
  jsonl: { type: 'boolean' },
  'no-parquet': { type: 'boolean' },
  'part-rows': { type: 'string' },
  tokenizer: { type: 'string' },
  embedder: { type: 'string' },
  'embed-base-url': { type: 'string' },
  dimensions: { type: 'string' },
  'embed-batch': { type: 'string' },
  'embed-concurrency': { type: 'string' },
  'cache-dir': { type: 'string' },
  'no-cache': { type: 'boolean' },
  yes: { type: 'boolean' },
} as const;

export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, HELP)) return 0;
  const o = parseArgs(argv, OPTIONS, 'batch');
  const recipePath = required(o.recipe, 'recipe', 'batch');
  const inputPath = required(o.input, 'input', 'batch');
  const out = required(o.out, 'out', 'batch');
  const workers = intOption(o.workers, 'workers', 'batch', 1) ?? availableParallelism();
  const partRows = intOption(o['part-rows'], 'part-rows', 'batch', 1) ?? 50_000;
  const parquet = !o['no-parquet'];
  const jsonl = !!o.jsonl;
  if (!parquet && !jsonl) throw new InputError('--no-parquet needs --jsonl (there would be no output)', 'batch');
  const embedFlags = ['embed-base-url', 'dimensions', 'embed-batch', 'embed-concurrency', 'cache-dir', 'no-cache', 'yes'].filter((k) => o[k] !== undefined);
  if (!o.embedder && embedFlags.length) throw new InputError(`--${embedFlags[0]} needs --embedder`, 'batch');
  if (o.embedder && !parquet) throw new InputError('--embedder writes its vectors in the Parquet parts: not with --no-parquet', 'batch');

  const { recipe, hash, tokenizer } = await loadRecipe(recipePath, o.tokenizer as string | undefined);
  const input = await openInput(inputPath);
  const head: ManifestHead = { format: MANIFEST_FORMAT, version: 1, recipeHash: hash, recipe, input: inputPath, outputs: { parquet, jsonl } };
  const output = await BatchOutput.open(out, head, { parquet, jsonl, partRows, partBytes: 64 << 20 });
  if (output.state.finished) {
    console.error(`batch      ${out} is chunked already (${output.state.docsDone} documents, ${output.state.chunks} chunks)`);
    if (o.embedder) console.error(await (await import('./batch/embed.ts')).embedParts(out, { o, tokenizer }));
    return 0;
  }
  const skip = output.state.docsDone;
  if (skip) console.error(`batch      resuming: ${skip} documents (${output.state.chunks} chunks, ${output.state.parts.length} parts) are done already`);
  console.error(`batch      recipe ${recipe.chunker} ${hash} · ${workers} worker${workers > 1 ? 's' : ''} · ${inputPath}`);

  const pool = new WorkerPool(workers, new URL('./batch-worker.mjs', import.meta.url), { recipe, hash, tokenizerDir: o.tokenizer });
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
      const p: Promise<void> = pool.run(item.task).then((r) => {
        inFlight.delete(p);
        settle(r);
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
