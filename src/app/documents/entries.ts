// Files from a drop or a file input, with their folder-relative paths: a dropped folder is walked
// through the File System entries API (DataTransferItem.webkitGetAsEntry), since DataTransfer.files
// lists a folder as one empty "file"; a folder chosen with <input webkitdirectory> carries
// webkitRelativePath already.

export interface PickedFile {
  file: File;
  /** "folder/sub/name.pdf" for files inside a chosen or dropped folder; the name for loose files. */
  path: string;
}

/** How many files one drop may bring (a guard against dropping a whole disk). */
export const MAX_FILES = 2000;

export class TooManyFiles extends Error {
  constructor() {
    super('too many files');
    this.name = 'TooManyFiles';
  }
}

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, prefix: string, out: PickedFile[]): Promise<void> {
  if (out.length > MAX_FILES) throw new TooManyFiles();
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    out.push({ file: await fileOf(entry as FileSystemFileEntry), path });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries hands out a directory in batches (100 at a time in Chromium) until an empty one.
  for (let batch = await readBatch(reader); batch.length; batch = await readBatch(reader)) {
    for (const child of batch) await walk(child, path, out);
  }
}

/** The files of a drop: folders walked, loose files as they are. */
export async function filesFromDrop(dt: DataTransfer): Promise<PickedFile[]> {
  const entries = [...dt.items].filter((i) => i.kind === 'file').map((i) => i.webkitGetAsEntry?.() ?? null);
  if (entries.length && entries.every((e) => e)) {
    const out: PickedFile[] = [];
    for (const e of entries) await walk(e!, '', out);
    return out;
  }
  return filesFromInput(dt.files);
}

/** The files of a file input (a folder input gives webkitRelativePath). */
export function filesFromInput(list: FileList | null | undefined): PickedFile[] {
  const files = [...(list ?? [])];
  if (files.length > MAX_FILES) throw new TooManyFiles();
  return files.map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}
