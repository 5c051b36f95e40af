// Node: how much memory chunking one document takes, and the heap a chunking worker gets (batch's
// pool and serve's worker).
import type { ResourceLimits } from 'node:worker_threads';
import { totalmem } from 'node:os';
import { InputError } from '../../engine/types.ts';

/**
 * Chunking a document holds 20 to 70 times its text in memory (measured on batch's attack corpus:
 * the text as UTF-16, the tokenizer's pieces and offsets, the Markdown tree, the rows): a 200 MB
 * document needs 4 to 14 GB. A worker's heap is sized from the machine's memory and the number of
 * workers, and a document that cannot fit even at the low end is refused before it is chunked.
 */
export const MEMORY_PER_TEXT = { low: 20, high: 70 };

/**
 * The heap limit of one chunking worker, in MB: CHUNKLAB_WORKER_HEAP_MB, else 70% of the machine's
 * memory shared by the workers, between 512 MB and 4 GB (Node's own default on a large machine). A
 * worker over it stops with ERR_WORKER_OUT_OF_MEMORY, which fails only the document it was chunking.
 */
export function workerHeapMb(workers = 1): number {
  const mb = Number(process.env.CHUNKLAB_WORKER_HEAP_MB);
  if (Number.isFinite(mb) && mb >= 16) return Math.floor(mb);
  return Math.max(512, Math.min(4096, Math.floor((0.7 * totalmem()) / Math.max(1, workers) / 2 ** 20)));
}

export function workerResourceLimits(workers = 1): ResourceLimits {
  return { maxOldGenerationSizeMb: workerHeapMb(workers) };
}

/**
 * In a worker: refuses a document whose text cannot be chunked within this worker's heap even at
 * the low end of the estimate, saying what it would need, instead of running until it runs out.
 */
export function checkDocumentMemory(textBytes: number, heapLimitBytes: number, where?: string): void {
  if (textBytes * MEMORY_PER_TEXT.low <= heapLimitBytes) return;
  const mb = (b: number) => `${Math.round(b / 2 ** 20)} MB`;
  throw new InputError(
    `too large to chunk in memory: ${mb(textBytes)} of text needs about ${mb(textBytes * MEMORY_PER_TEXT.low)}–${mb(textBytes * MEMORY_PER_TEXT.high)} (${MEMORY_PER_TEXT.low}–${MEMORY_PER_TEXT.high}× its text), a worker has ${mb(heapLimitBytes)}; split it, or give fewer --workers or a larger CHUNKLAB_WORKER_HEAP_MB`,
    where,
  );
}

/** A document's error when its worker died: the reason, and for running out of memory what to do. */
export function diedMessage(why: string): string {
  const oom = /memory limit|out of memory/i.test(why);
  return `the worker stopped while chunking it (${why})${oom ? `: chunking needs ${MEMORY_PER_TEXT.low}–${MEMORY_PER_TEXT.high}× a document's text in memory; split it, or give fewer --workers or a larger CHUNKLAB_WORKER_HEAP_MB` : ''}`;
}
