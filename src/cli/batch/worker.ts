// A batch worker thread (build/cli/batch-worker.mjs): loads the recipe's tokenizer once, then chunks
// each document it is sent (reading it first when it is a file of a folder) with the same
// chunkWithRecipe as `serve --stdio` and the library, and answers its rows or a one-line error.
import { parentPort, workerData } from 'node:worker_threads';
import { chunkWithRecipe, type RecipeDocument } from '../../engine/recipe/index.ts';
import type { Recipe } from '../../engine/recipe/index.ts';
import { errorLine } from '../errors.ts';
import { documentId } from '../../engine/formats/index.ts';

const oneLine = (e: unknown) => errorLine(e).replace(/^error: /, '');
import { recipeTokenizer } from './tokenizer.ts';
import { documentFromFile } from './read-file.ts';
import type { Task, TaskResult } from './tasks.ts';

const { recipe, hash, tokenizerDir } = workerData as { recipe: Recipe; hash: string; tokenizerDir?: string };
const port = parentPort!;
const ready = recipeTokenizer(recipe.tokenizer, tokenizerDir);

port.on('message', async (task: Task) => {
  let reply: TaskResult;
  try {
    const tokenizer = await ready;
    const doc: RecipeDocument = task.kind === 'file' ? await documentFromFile(task.root, task.rel) : task.doc;
    const rows = await chunkWithRecipe(doc, recipe, { tokenizer, hash });
    reply = { seq: task.seq, id: doc.id, rows, bytes: task.bytes || Buffer.byteLength(doc.text) };
  } catch (e) {
    // The document id, as for a document that was chunked (a folder's file: its name without the
    // extension, as chunk names it), and for a file its path too, which says which file it was.
    reply = task.kind === 'file'
      ? { seq: task.seq, id: documentId(task.rel), path: task.rel, error: oneLine(e), bytes: task.bytes }
      : { seq: task.seq, id: task.doc.id, error: oneLine(e), bytes: task.bytes };
  }
  port.postMessage(reply);
});
