// The messages between `batch` and its worker threads.
import type { ChunkRow, RecipeDocument } from '../../engine/recipe/index.ts';

export type Task =
  | { seq: number; kind: 'file'; root: string; rel: string; bytes: number }
  | { seq: number; kind: 'doc'; doc: RecipeDocument; bytes: number; answer?: 'line' };

export interface TaskResult {
  seq: number;
  id: string;
  /** A folder's file that failed: its path relative to the folder (errors.jsonl carries it beside the id). */
  path?: string;
  rows?: ChunkRow[];
  /** For a task with `answer: 'line'` (serve): the answer line `{"id", "chunks"}`, made in the worker. */
  line?: string;
  error?: string;
  /** Input bytes of the document (for the rate). */
  bytes: number;
}

/** What the input yields: a task for a worker, or a line that is already an error (bad JSONL line). */
export type InputItem = { task: Task } | { error: { seq: number; id: string; error: string; bytes: number } };
