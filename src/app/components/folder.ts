// Files of a model folder the user picked (<input webkitdirectory>) or dropped (drag and drop of a
// folder, read through the File and Directory Entries API), as { path, data } with paths relative to
// the folder's parent ("my-model/onnx/model.onnx"); the embedding runner strips the folder's name.
import type { ModelSource } from '../bridge/embed.ts';

export interface PickedFile {
  path: string;
  data: Blob;
}

export interface PickedFolder {
  name: string;
  files: PickedFile[];
  bytes: number;
}

function folderOf(files: PickedFile[]): PickedFolder {
  const first = files[0]?.path ?? '';
  const name = first.includes('/') ? first.split('/')[0] : 'model';
  return { name, files, bytes: files.reduce((n, f) => n + f.data.size, 0) };
}

/** From an <input type=file webkitdirectory> selection. */
export function fromFileList(list: FileList | File[]): PickedFolder | null {
  const files = [...list].map((f) => ({ path: (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name, data: f as Blob }));
  return files.length ? folderOf(files) : null;
}

type Entry = { isFile: boolean; isDirectory: boolean; name: string; fullPath: string };
type FileEntry = Entry & { file(ok: (f: File) => void, err: (e: unknown) => void): void };
type DirEntry = Entry & { createReader(): { readEntries(ok: (e: Entry[]) => void, err: (e: unknown) => void): void } };

async function walk(entry: Entry, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((ok, err) => (entry as FileEntry).file(ok, err));
    out.push({ path: entry.fullPath.replace(/^\/+/, ''), data: file });
  } else if (entry.isDirectory) {
    const reader = (entry as DirEntry).createReader();
    // readEntries returns the listing in pieces: call it until it gives nothing.
    for (;;) {
      const batch = await new Promise<Entry[]>((ok, err) => reader.readEntries(ok, err));
      if (!batch.length) break;
      for (const e of batch) await walk(e, out);
    }
  }
}

/** From a drop: a dropped folder (or loose files). */
export async function fromDrop(dt: DataTransfer): Promise<PickedFolder | null> {
  const entries = [...dt.items]
    .map((i) => (i.webkitGetAsEntry?.() ?? null) as unknown as Entry | null)
    .filter((e): e is Entry => e !== null);
  if (entries.length) {
    const out: PickedFile[] = [];
    for (const e of entries) await walk(e, out);
    return out.length ? folderOf(out) : null;
  }
  return fromFileList(dt.files);
}

/**
 * Where a chosen model (or reranker) loads from: the Hub or the app's served folder by id, or the
 * picked folder's files when the choice is a folder from disk. A folder's files are not kept across
 * a reload: when `picked` is not that folder, the error's reason is 'needs-files' (the panels then
 * ask for the folder again). `what` names the model in the message ("model", "reranker").
 */
export function sourceOfChoice(c: { kind: 'hub' | 'served' | 'files'; id: string }, picked: Pick<PickedFolder, 'name' | 'files'> | null, what: string): ModelSource {
  if (c.kind !== 'files') return { kind: c.kind, id: c.id };
  if (!picked || picked.name !== c.id) {
    const err = new Error(`the ${what} folder "${c.id}" must be picked again (files from disk are not kept after a reload)`);
    (err as Error & { reason: string }).reason = 'needs-files';
    throw err;
  }
  return { kind: 'files', name: picked.name, files: picked.files };
}

/**
 * A search or run needs a model (or reranker) from a folder on disk that this page no longer has
 * (files are not kept across a reload): the view says so in its language and opens the dialog
 * where it is picked again. `what`: which model; `name`: the folder's name.
 */
export class FolderNeededError extends Error {
  constructor(
    public readonly what: 'model' | 'reranker' | 'generator',
    public readonly folder: string,
  ) {
    super(`the ${what} folder "${folder}" must be picked again (files from disk are not kept after a reload)`);
    this.name = 'FolderNeededError';
  }
}
