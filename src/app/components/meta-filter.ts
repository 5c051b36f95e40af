// Which document metadata keys the page offers as filters (MetaFilter.svelte): a user's categories
// (version, tenant…) with at least two values among the documents, never the fields a reader or the
// page writes for itself. Plain TypeScript so unit tests can run it on documents the real readers made.

/**
 * Keys a reader or the page writes for itself, never a user's category: the title and date, a PDF's
 * page map, own title and column cuts, where headings came from, whether structure was guessed (or
 * doubted), the reader's notes ("no text on page 5"), the format it was read from (`source`,
 * `fileType`), the file's name.
 * Filtering on them makes no sense (most differ for every document; the format is the reader's word).
 */
export const INTERNAL_META = new Set([
  'title',
  'date',
  'pages',
  'pageCount',
  'pdfTitle',
  'headingSource',
  'structureGuessed',
  'columnCuts',
  'structureDoubts',
  'notes',
  'source',
  'fileType',
  'fileName',
]);

export interface FilterKey {
  key: string;
  values: string[];
}

/**
 * The keys to offer, sorted, each with its values sorted: string values only, at least two distinct
 * ones, internal fields left out; a key already in `filter` stays (so a chosen value can be undone).
 */
export function filterKeys(documents: readonly { meta?: Record<string, unknown> }[], filter: Record<string, string>): FilterKey[] {
  const values = new Map<string, Set<string>>();
  for (const d of documents)
    for (const [k, v] of Object.entries(d.meta ?? {})) {
      if (typeof v !== 'string' || INTERNAL_META.has(k)) continue;
      if (!values.has(k)) values.set(k, new Set());
      values.get(k)!.add(v);
    }
  for (const k of Object.keys(filter)) if (!values.has(k)) values.set(k, new Set([filter[k]]));
  return [...values]
    .filter(([k, vs]) => vs.size > 1 || filter[k] !== undefined)
    .map(([k, vs]) => ({ key: k, values: [...vs].sort() }))
    .sort((a, b) => a.key.localeCompare(b.key));
}
