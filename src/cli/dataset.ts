// Node: load a dataset from a path, detecting its kind: a SQuAD v1.1 .json, a Chroma folder
// (corpora/ + questions_df.csv), a ChunkLab folder (documents.json), or a workspace .json.
// Every file is size-checked before it is read; paths inside a folder's manifest may not escape it.
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../engine/types.ts';
import type { Dataset } from '../engine/formats/dataset.ts';
import { MAX_INPUT_BYTES, checkSize, isObj, parseJson, type ReadOptions } from '../engine/formats/limits.ts';
import { readSquad } from '../engine/formats/squad.ts';
import { readChromaFolder } from '../engine/formats/chroma.ts';
import { listedFiles, readChunklabFolder } from '../engine/formats/chunklab-folder.ts';
import { datasetFromWorkspace, readWorkspace } from '../engine/formats/workspace.ts';

/** The size limit for one input file: CHUNKLAB_MAX_INPUT_BYTES overrides the default 200 MB. */
export function readOptions(): ReadOptions {
  const env = Number(process.env.CHUNKLAB_MAX_INPUT_BYTES);
  return { maxBytes: Number.isFinite(env) && env > 0 ? env : MAX_INPUT_BYTES };
}

/** Reads a text file after checking its size; a missing file is an InputError. */
export async function readText(path: string, shown = path): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new InputError('no such file', shown);
  if (!info.isFile()) throw new InputError('is not a file', shown);
  checkSize(info.size, shown, readOptions());
  return readFile(path, 'utf8');
}

function inside(root: string, rel: string, where: string): string {
  const full = resolve(root, rel);
  const r = relative(root, full);
  if (!r || r.startsWith('..') || r.split(sep).includes('..') || resolve(full) !== full) throw new InputError(`path "${rel}" leaves the folder`, where);
  return full;
}

export async function loadDataset(path: string): Promise<Dataset> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new InputError('no such file or folder', path);
  const opts = readOptions();
  if (info.isDirectory()) {
    const root = resolve(path);
    const has = async (p: string) => !!(await stat(join(root, p)).catch(() => null));
    if (await has('documents.json')) {
      const documents = await readText(join(root, 'documents.json'), join(path, 'documents.json'));
      const files: Record<string, string> = {};
      for (const f of listedFiles(documents, opts)) {
        const full = inside(root, f, join(path, 'documents.json'));
        if (await has(relative(root, full))) files[f] = await readText(full, join(path, f));
      }
      const questions = (await has('questions.json')) ? await readText(join(root, 'questions.json'), join(path, 'questions.json')) : undefined;
      return readChunklabFolder({ documents, files, questions }, opts);
    }
    if ((await has('questions_df.csv')) && (await has('corpora'))) {
      const corpora: Record<string, string> = {};
      for (const f of (await readdir(join(root, 'corpora'))).sort()) {
        if (/\.(md|markdown|txt)$/i.test(f)) corpora[f] = await readText(join(root, 'corpora', f), join(path, 'corpora', f));
      }
      const csv = await readText(join(root, 'questions_df.csv'), join(path, 'questions_df.csv'));
      return readChromaFolder({ corpora, csv, name: basename(root) }, opts);
    }
    throw new InputError('unknown dataset folder: expected documents.json (ChunkLab folder) or questions_df.csv with corpora/ (Chroma)', path);
  }
  const text = await readText(path);
  const root = parseJson(text, path, opts);
  if (isObj(root) && root.format === 'chunklab-workspace') return datasetFromWorkspace(readWorkspace(text, path, opts), undefined, path);
  if (isObj(root) && root.format === 'chunklab-folder') throw new InputError('this is a ChunkLab folder manifest: pass its folder instead', path);
  if (isObj(root) && Array.isArray(root.data)) return readSquad(text, path, opts);
  throw new InputError('unknown dataset format: expected a SQuAD v1.1 file ({"data": [...]}) or a ChunkLab workspace file', path);
}
