// The models from folders on disk that the page must ask for again after a reload: the page keeps
// which folder each one came from (by name, in localStorage) but never the files. One list for the
// three kinds (the embedding model, the reranker, the in-page generator), read by the notice shown
// after a reload (FolderModelsNotice.svelte). A search or run that does not use one never needs it.
import { modelState } from './state.svelte.ts';
import { rerankState, rerankerNeedsFiles } from '../rerank/state.svelte.ts';
import { providerState } from '../llm/settings.svelte.ts';

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
