// The models from folders on disk that the page must ask for again after a reload: the page keeps
// which folder each one came from (by name, in localStorage) but never the files. One list for the
// three kinds (the embedding model, the reranker, the in-page generator), read by the notice shown
// after a reload (FolderModelsNotice.svelte). A search or run that does not use one never needs it.
// Where the browser keeps folder handles (folder-handles.ts), a kept folder comes back by itself
// when permission is still granted, or with one click ("Allow access again") when the browser asks.
import { loadChoice, modelState } from './state.svelte.ts';
import { loadReranker, rerankState, rerankerNeedsFiles } from '../rerank/state.svelte.ts';
import { providerState, setLocalFolder } from '../llm/settings.svelte.ts';
import { restoreFolder } from '../components/folder-handles.ts';
import type { PickedFolder } from '../components/folder.ts';

export type FolderModelKind = 'embedding' | 'reranker' | 'generator';

export interface FolderToPick {
  kind: FolderModelKind;
  /** The folder's name as it was picked. */
  folder: string;
}

/** Every folder-backed model whose files this page no longer has (reactive). */
export function foldersToPickAgain(): FolderToPick[] {
  const out: FolderToPick[] = [];
  if (modelState.choice.kind === 'files' && modelState.needsFiles) out.push({ kind: 'embedding', folder: modelState.choice.id });
  // rerankState.phase is read so the list follows a load (the picked files are not reactive).
  void rerankState.phase;
  if (rerankState.choice && rerankerNeedsFiles()) out.push({ kind: 'reranker', folder: rerankState.choice.id });
  if (providerState.folderAgain && !providerState.localFolder && providerState.settings.kind === 'local') out.push({ kind: 'generator', folder: providerState.folderAgain });
  return out;
}

/** What the kept folder handles said after a reload, per kind. */
export const keptFolders = $state({
  /** Kept, and the browser wants a click before giving access again. */
  prompt: [] as FolderModelKind[],
  /** Kept, but refused, moved or deleted: pick the folder again. */
  refused: [] as FolderModelKind[],
});

/**
 * Brings back the folders of the models to pick again from their kept handles: without `ask` only
 * where permission is still granted (on page open), with `ask` (from a click) asking the browser.
 * `only`: one kind (the one whose button was clicked).
 */
export async function restoreKeptFolders(ask: boolean, only?: FolderModelKind): Promise<void> {
  for (const f of foldersToPickAgain()) {
    if (only && f.kind !== only) continue;
    const r = await restoreFolder(f.kind, f.folder, { ask });
    keptFolders.prompt = keptFolders.prompt.filter((k) => k !== f.kind);
    keptFolders.refused = keptFolders.refused.filter((k) => k !== f.kind);
    if (r.state === 'prompt') keptFolders.prompt.push(f.kind);
    else if (r.state === 'denied') keptFolders.refused.push(f.kind);
    else if (r.state === 'ok') useRestored(f.kind, r.folder);
  }
}

function useRestored(kind: FolderModelKind, folder: PickedFolder): void {
  if (kind === 'embedding') void loadChoice($state.snapshot(modelState.choice), folder.files).catch(() => undefined);
  else if (kind === 'reranker' && rerankState.choice) void loadReranker($state.snapshot(rerankState.choice), folder.files).catch(() => undefined);
  else if (kind === 'generator') setLocalFolder({ name: folder.name, files: folder.files });
}
