// A model from a folder on disk that must be picked again (src/app/components/folder.ts
// FolderNeededError) as the page words it: the key of its sentence and the folder's name. Apart from
// error-text.ts so it can be read without the page's reactive state.

/**
 * The page's sentence for a FolderNeededError (src/app/components/folder.ts), its i18n key and blank,
 * or null for any other error. Read by name and fields, so the dictionaries import no feature.
 */
export function folderNeededText(e: unknown): { key: 'models.folderAgain.reranker' | 'models.folderAgain.model' | 'models.folderAgain.generator'; name: string } | null {
  if (!(e instanceof Error) || e.name !== 'FolderNeededError') return null;
  const f = e as Error & { what?: unknown; folder?: unknown };
  if (typeof f.folder !== 'string') return null;
  const key = f.what === 'reranker' ? 'models.folderAgain.reranker' : f.what === 'generator' ? 'models.folderAgain.generator' : 'models.folderAgain.model';
  return { key, name: f.folder };
}
