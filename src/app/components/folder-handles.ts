// Model folders from disk that survive a reload, where the browser has the File System Access API
// (Chromium: window.showDirectoryPicker). The folder's handle, not its files, is kept in IndexedDB
// (idb-keyval: a FileSystemDirectoryHandle is stored by structured clone); after a reload the page
// asks the handle for read permission again — granted already, or one click (requestPermission
// needs a user gesture) — and reads the files from it. Where the API is missing, or the handle is
// gone or refused, the page keeps today's "pick the folder again" notice (folders-again.svelte.ts).
// One handle per kind of folder-backed model (embedding model, reranker, in-page generator).
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { PickedFile, PickedFolder } from './folder.ts';

export type FolderKind = 'embedding' | 'reranker' | 'generator';

/** The parts of FileSystemHandle the page uses (structural, so tests can pass fakes). */
export interface FolderHandle {
  readonly kind: 'directory';
  readonly name: string;
  entries(): AsyncIterable<[string, FolderHandle | FileHandle]>;
  queryPermission?(o: { mode: 'read' }): Promise<PermissionState>;
  requestPermission?(o: { mode: 'read' }): Promise<PermissionState>;
}
export interface FileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File>;
}

/** Where the handles are kept: get/set/del by key (IndexedDB in the page; a Map in tests). */
export interface HandleStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

let idb: UseStore | undefined;
/** The page's store: its own IndexedDB database, beside the workspace's. */
export function idbHandleStore(): HandleStore {
  idb ??= createStore('chunklab-folders', 'handles');
  const s = idb;
  return { get: (k) => get(k, s), set: (k, v) => set(k, v, s), del: (k) => del(k, s) };
}

type PickerWindow = { showDirectoryPicker?: (o?: { id?: string; mode?: 'read' | 'readwrite' }) => Promise<FolderHandle> };

/** True where folders can be kept across a reload (the File System Access API's directory picker). */
export function canKeepFolders(w: unknown = globalThis): boolean {
  return typeof (w as PickerWindow | undefined)?.showDirectoryPicker === 'function';
}

/** Opens the browser's folder picker; null when the user closes it. */
export async function pickFolderHandle(w: unknown = globalThis): Promise<FolderHandle | null> {
  try {
    return await (w as Required<PickerWindow>).showDirectoryPicker({ id: 'chunklab-model', mode: 'read' });
  } catch (e) {
    if ((e as { name?: string })?.name === 'AbortError') return null;
    throw e;
  }
}

const MAX_FILES = 10_000;

/** Every file under the folder, paths starting with the folder's name ("my-model/onnx/model.onnx"), as a picked folder. */
export async function readFolderHandle(handle: FolderHandle): Promise<PickedFolder> {
  const files: PickedFile[] = [];
  const walk = async (dir: FolderHandle, prefix: string): Promise<void> => {
    const entries: [string, FolderHandle | FileHandle][] = [];
    for await (const e of dir.entries()) entries.push(e);
    // A stable order whatever the file system's (the picked list is compared by path).
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (const [name, h] of entries) {
      if (files.length >= MAX_FILES) return;
      if (h.kind === 'file') files.push({ path: `${prefix}/${name}`, data: await h.getFile() });
      else await walk(h, `${prefix}/${name}`);
    }
  };
  await walk(handle, handle.name);
  return { name: handle.name, files, bytes: files.reduce((n, f) => n + f.data.size, 0) };
}

const keyOf = (kind: FolderKind) => `folder:${kind}`;

/** Keeps `handle` as the folder of `kind` (replacing the previous one). Never throws: not kept is today's behaviour. */
export async function keepFolder(kind: FolderKind, handle: FolderHandle, store: HandleStore = idbHandleStore()): Promise<boolean> {
  try {
    await store.set(keyOf(kind), handle);
    return true;
  } catch {
    return false;
  }
}

/** Forgets the folder of `kind` (another source was chosen). */
export async function forgetFolder(kind: FolderKind, store: HandleStore = idbHandleStore()): Promise<void> {
  try {
    await store.del(keyOf(kind));
  } catch {
    // nothing kept, or storage unavailable: nothing to forget
  }
}

export type Restored =
  /** No handle kept for this kind, or it is another folder than the one named. */
  | { state: 'none' }
  /** Kept, but the browser wants the user's click before reading it again. */
  | { state: 'prompt' }
  /** The user (or the browser) refused, or the folder is gone: pick it again. */
  | { state: 'denied' }
  | { state: 'ok'; folder: PickedFolder };

/**
 * The kept folder of `kind`, if it is the one named `name`: read again when permission is granted;
 * with `ask` (only from a click) the browser is asked for permission first.
 */
export async function restoreFolder(kind: FolderKind, name: string, o: { ask?: boolean } = {}, store: HandleStore = idbHandleStore()): Promise<Restored> {
  let handle: FolderHandle | undefined;
  try {
    handle = (await store.get(keyOf(kind))) as FolderHandle | undefined;
  } catch {
    return { state: 'none' };
  }
  if (!handle || handle.kind !== 'directory' || handle.name !== name) return { state: 'none' };
  try {
    let p: PermissionState = handle.queryPermission ? await handle.queryPermission({ mode: 'read' }) : 'granted';
    if (p === 'prompt' && o.ask && handle.requestPermission) p = await handle.requestPermission({ mode: 'read' });
    if (p === 'prompt') return { state: 'prompt' };
    if (p !== 'granted') return { state: 'denied' };
    const folder = await readFolderHandle(handle);
    return folder.files.length ? { state: 'ok', folder } : { state: 'denied' };
  } catch {
    // The folder was moved or deleted (NotFoundError), or reading it failed: pick it again.
    return { state: 'denied' };
  }
}
