// A batch worker thread (build/cli/batch-worker.mjs): loads the recipe's tokenizer once, then chunks
// each document it is sent (reading it first when it is a file of a folder) with the same
// chunkWithRecipe as `serve --stdio` and the library, and answers its rows or a one-line error. With a
// per-document recipe, each document is cut with its own configuration's recipe (and tokenizer).
import { parentPort, workerData } from 'node:worker_threads';
import { chunkWithRecipe, type PerDocumentRecipe, type RecipeDocument } from '../../engine/recipe/index.ts';
import type { Recipe } from '../../engine/recipe/index.ts';
import { errorLine } from '../errors.ts';
import { documentId } from '../../engine/formats/index.ts';

const oneLine = (e: unknown) => errorLine(e).replace(/^error: /, '');
import { recipeChooser } from './recipe-file.ts';
import { documentFromFile } from './read-file.ts';
import type { Task, TaskResult } from './tasks.ts';

const { recipe, hash, tokenizerDir, perDocument } = workerData as { recipe: Recipe; hash: string; tokenizerDir?: string; perDocument?: PerDocumentRecipe };
const port = parentPort!;
const recipeOf = recipeChooser({ recipe, hash, perDocument }, tokenizerDir);
// One recipe: its tokenizer loads at once, as before the first document.
if (!perDocument) void recipeOf('').catch(() => undefined);

port.on('message', async (task: Task) => {
  let reply: TaskResult;
  try {
    const doc: RecipeDocument = task.kind === 'file' ? await documentFromFile(task.root, task.rel) : task.doc;
    const r = await recipeOf(doc.id);
    const rows = await chunkWithRecipe(doc, r.recipe, { tokenizer: r.tokenizer, hash: r.hash });
    const bytes = task.bytes || Buffer.byteLength(doc.text);
    // serve's answer is serialized here, so a document whose chunks would not fit in memory costs
    // this worker (an error the server answers), never the server's own thread.
    reply = task.kind === 'doc' && task.answer === 'line' ? { seq: task.seq, id: doc.id, line: JSON.stringify({ id: doc.id, chunks: rows }), bytes } : { seq: task.seq, id: doc.id, rows, bytes };
  } catch (e) {
    // The document id, as for a document that was chunked (a folder's file: its name without the
    // extension, as chunk names it), and for a file its path too, which says which file it was.
    reply = task.kind === 'file'
      ? { seq: task.seq, id: documentId(task.rel), path: task.rel, error: oneLine(e), bytes: task.bytes }
      : { seq: task.seq, id: task.doc.id, error: oneLine(e), bytes: task.bytes };
  }
  port.postMessage(reply);
});
