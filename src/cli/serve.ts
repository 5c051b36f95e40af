// `serve --stdio --recipe <file> [--tokenizer dir]`: the recipe as a long-lived process speaking JSON
// lines (docs/CONTRACT.md), the contract a cluster job (Ray's actors, Spark's mapPartitions) calls:
// one document a line in, one answer a line out, in the same order; a bad line gets its own error
// answer and the process goes on. Chunks come from the same chunkWithRecipe as `batch`, in one of
// batch's worker threads under a heap limit: a document that exhausts it (a large text at a tiny
// size) stops that worker only; its line is answered with an error, a new worker serves the next.
import { InputError } from '../engine/types.ts';
import { recipeDocumentOf } from '../engine/recipe/index.ts';
import { readFlags } from './args.ts';
import { errorLine } from './errors.ts';
import { loadRecipe } from './batch/recipe-file.ts';
import { WorkerPool } from './batch/pool.ts';
import { diedMessage, workerResourceLimits } from './batch/memory.ts';
import { readOptions } from '../node/files.ts';
import { boundedLines, tooLongMessage } from '../node/lines.ts';

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('serve', argv);
  if (!p) return 0;
  if (!p.flags.stdio) throw new InputError('serve speaks only --stdio for now: give --stdio', 'serve');
  const loaded = await loadRecipe(p.flags.recipe, p.flags.tokenizer);
  const { recipe, hash, perDocument } = loaded;
  console.error(`serve      ${perDocument ? `per-document recipe (default ${perDocument.default}: ${recipe.chunker})` : `recipe ${recipe.chunker}`} ${hash}: reading documents on stdin, one JSON object a line`);
  // A line is at most one document's worth of bytes (CHUNKLAB_MAX_INPUT_BYTES, as for input files):
  // a longer one is answered with an error and skipped as it streams in, never held in memory.
  const maxBytes = readOptions().maxBytes!;
  // One worker (a per-document recipe: each document by its id's configuration, in the worker).
  const pool = new WorkerPool(1, new URL('./batch-worker.mjs', import.meta.url), { recipe, hash, tokenizerDir: p.flags.tokenizer, perDocument }, { resourceLimits: workerResourceLimits() });
  try {
    for await (const item of boundedLines(process.stdin, maxBytes)) {
      const n = item.n;
      let answer: string;
      let id: string | null = null;
      try {
        if ('tooLong' in item) throw new InputError(tooLongMessage(maxBytes), `line ${n}`);
        // Windows tools start a UTF-8 file with a byte order mark: not part of the JSON.
        const line = n === 1 && item.line.charCodeAt(0) === 0xfeff ? item.line.slice(1) : item.line;
        if (!line.trim()) continue;
        let v: unknown;
        try {
          v = JSON.parse(line);
        } catch (e) {
          throw new InputError(`not JSON (${(e as Error).message})`, `line ${n}`);
        }
        if (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string') id = (v as { id: string }).id;
        const doc = recipeDocumentOf(v, `line ${n}`);
        const r = await pool.run({ kind: 'line', seq: n, doc });
        const error = r.kind === 'died' ? diedMessage(r.why) : r.kind === 'line' ? r.error : r.kind === 'fail' ? r.error : 'no answer from the worker';
        if (r.kind !== 'line' || r.line === undefined) throw new InputError(error ?? 'no answer from the worker', `line ${n} (document "${doc.id}")`);
        answer = r.line;
      } catch (e) {
        const msg = errorLine(e).replace(/^error: /, '');
        answer = JSON.stringify({ id, error: msg });
      }
      if (!process.stdout.write(answer + '\n')) await new Promise<void>((r) => process.stdout.once('drain', () => r()));
    }
  } finally {
    await pool.close();
  }
  return 0;
}
