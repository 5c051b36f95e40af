// Model folders kept across a reload where the File System Access API exists
// (src/app/components/folder-handles.ts): the handle is kept in a store, read again after a reload when
// permission is granted, asked for with one click (and only then) when the browser says "prompt",
// and never used for another folder than the one the saved choice names. Fake handles and a Map
// stand in for the browser's FileSystemDirectoryHandle and IndexedDB.
import { describe, expect, test } from 'vitest';
import { canKeepFolders, forgetFolder, keepFolder, pickFolderHandle, readFolderHandle, restoreFolder, type FolderHandle, type HandleStore } from '../../../src/app/components/folder-handles.ts';

type Tree = { [name: string]: string | Tree };

function fakeDir(name: string, tree: Tree, perm: { state: PermissionState; onRequest?: PermissionState; requests: number; gone?: boolean }): FolderHandle {
  return {
    kind: 'directory',
    name,
    async *entries() {
      if (perm.gone) throw Object.assign(new Error('gone'), { name: 'NotFoundError' });
      // Not in name order, as a file system may list them.
      for (const key of Object.keys(tree).reverse()) {
        const v = tree[key];
        if (typeof v === 'string') yield [key, { kind: 'file' as const, name: key, getFile: async () => new File([v], key) }];
        else yield [key, fakeDir(key, v, perm)];
      }
    },
    queryPermission: async () => perm.state,
    requestPermission: async () => {
      perm.requests++;
      perm.state = perm.onRequest ?? perm.state;
      return perm.state;
    },
  };
}

function memoryStore(): HandleStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v), del: async (k) => void map.delete(k) };
}

const MODEL: Tree = { 'config.json': '{"a":1}', onnx: { 'model.onnx': 'ONNX-BYTES' }, 'tokenizer.json': '{"t":2}' };

describe('kept model folders', () => {
  test('the API is there only where the directory picker is', () => {
    expect(canKeepFolders({ showDirectoryPicker: async () => null })).toBe(true);
    expect(canKeepFolders({})).toBe(false);
    expect(canKeepFolders(undefined)).toBe(false);
  });

  test('kept, then read again while permission is granted: the same files, paths under the folder name, in order', async () => {
    const store = memoryStore();
    const perm = { state: 'granted' as PermissionState, requests: 0 };
    expect(await keepFolder('embedding', fakeDir('my-model', MODEL, perm), store)).toBe(true);
    const r = await restoreFolder('embedding', 'my-model', {}, store);
    expect(r.state).toBe('ok');
    if (r.state !== 'ok') return;
    expect(r.folder.name).toBe('my-model');
    expect(r.folder.files.map((f) => f.path)).toEqual(['my-model/config.json', 'my-model/onnx/model.onnx', 'my-model/tokenizer.json']);
    expect(await r.folder.files[1].data.text()).toBe('ONNX-BYTES');
    expect(r.folder.bytes).toBe('{"a":1}'.length + 'ONNX-BYTES'.length + '{"t":2}'.length);
    expect(perm.requests).toBe(0);
  });

  test('"prompt": nothing read and nothing asked on page open; one click asks once and reads', async () => {
    const store = memoryStore();
    const perm = { state: 'prompt' as PermissionState, onRequest: 'granted' as PermissionState, requests: 0 };
    await keepFolder('reranker', fakeDir('cross', MODEL, perm), store);
    expect(await restoreFolder('reranker', 'cross', {}, store)).toEqual({ state: 'prompt' });
    expect(perm.requests).toBe(0);
    const r = await restoreFolder('reranker', 'cross', { ask: true }, store);
    expect(perm.requests).toBe(1);
    expect(r.state === 'ok' && r.folder.files.length).toBe(3);
  });

  test('refused, or the folder moved away: denied (pick it again)', async () => {
    const store = memoryStore();
    const refused = { state: 'prompt' as PermissionState, onRequest: 'denied' as PermissionState, requests: 0 };
    await keepFolder('generator', fakeDir('tiny-llm', MODEL, refused), store);
    expect(await restoreFolder('generator', 'tiny-llm', { ask: true }, store)).toEqual({ state: 'denied' });
    const gone = { state: 'granted' as PermissionState, requests: 0, gone: true };
    await keepFolder('generator', fakeDir('tiny-llm', MODEL, gone), store);
    expect(await restoreFolder('generator', 'tiny-llm', {}, store)).toEqual({ state: 'denied' });
    await keepFolder('generator', fakeDir('tiny-llm', {}, { state: 'granted', requests: 0 }), store);
    expect(await restoreFolder('generator', 'tiny-llm', {}, store)).toEqual({ state: 'denied' });
  });

  test('never another folder than the one named, nor another kind’s; forgotten means none', async () => {
    const store = memoryStore();
    const perm = { state: 'granted' as PermissionState, requests: 0 };
    expect(await restoreFolder('embedding', 'my-model', {}, store)).toEqual({ state: 'none' });
    await keepFolder('embedding', fakeDir('my-model', MODEL, perm), store);
    expect(await restoreFolder('embedding', 'other-model', {}, store)).toEqual({ state: 'none' });
    expect(await restoreFolder('reranker', 'my-model', {}, store)).toEqual({ state: 'none' });
    // A newer pick of the same kind replaces the handle.
    await keepFolder('embedding', fakeDir('newer', MODEL, perm), store);
    expect(await restoreFolder('embedding', 'my-model', {}, store)).toEqual({ state: 'none' });
    expect((await restoreFolder('embedding', 'newer', {}, store)).state).toBe('ok');
    await forgetFolder('embedding', store);
    expect(await restoreFolder('embedding', 'newer', {}, store)).toEqual({ state: 'none' });
  });

  test('a store that fails keeps nothing and throws nothing', async () => {
    const broken: HandleStore = {
      get: async () => {
        throw new Error('no IndexedDB');
      },
      set: async () => {
        throw new Error('quota');
      },
      del: async () => {
        throw new Error('no IndexedDB');
      },
    };
    expect(await keepFolder('embedding', fakeDir('m', MODEL, { state: 'granted', requests: 0 }), broken)).toBe(false);
    expect(await restoreFolder('embedding', 'm', {}, broken)).toEqual({ state: 'none' });
    await expect(forgetFolder('embedding', broken)).resolves.toBeUndefined();
  });

  test('the picker: closed by the user is null, any other failure is thrown', async () => {
    const handle = fakeDir('m', MODEL, { state: 'granted', requests: 0 });
    const asked: unknown[] = [];
    expect(await pickFolderHandle({ showDirectoryPicker: async (o: unknown) => (asked.push(o), handle) })).toBe(handle);
    expect(asked).toEqual([{ id: 'chunklab-model', mode: 'read' }]);
    expect(await pickFolderHandle({ showDirectoryPicker: async () => Promise.reject(new DOMException('closed', 'AbortError')) })).toBeNull();
    await expect(pickFolderHandle({ showDirectoryPicker: async () => Promise.reject(new DOMException('no', 'SecurityError')) })).rejects.toThrow('no');
    expect((await readFolderHandle(handle)).files).toHaveLength(3);
  });
});
