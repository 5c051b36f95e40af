// Imports and exports through the engine worker: uploaded files → validated workspace → new corpora;
// the stored workspace → the workspace file, downloaded.
import type { Workspace } from '../../engine/formats/index.ts';
import { engine } from '../bridge/engine.svelte.ts';
import { workspace } from '../state/workspace.svelte.ts';

export interface ImportSummary {
  name: string;
  docs: number;
  questions: number;
  /** Questions in the file that could not be evaluated (with why), left out. */
  skipped: number;
  /** Questions left out because their own metadata filter excludes their gold document (ids, documents). */
  filterExcluded?: { id: string; docId: string }[];
}

/** Reads the files in the worker (the engine validates them) and adds each corpus found. */
export async function importFiles(files: File[]): Promise<ImportSummary> {
  const uploaded = await Promise.all(
    files.map(async (f) => ({ name: f.name, path: f.webkitRelativePath || undefined, text: await f.text() })),
  );
  const read = await engine((api) => api.readUpload(uploaded), 'import');
  return { ...addWorkspace(read.workspace), skipped: read.skipped.length, filterExcluded: read.filterExcluded.map(({ id, docId }) => ({ id, docId })) };
}

/** Adds every corpus of a workspace file (with fresh ids) and its question sets. */
export function addWorkspace(ws: Workspace): Omit<ImportSummary, 'skipped' | 'filterExcluded'> & { ids: Record<string, string> } {
  let docs = 0;
  let questions = 0;
  const names: string[] = [];
  /** The file's corpus ids → the new corpora's ids. */
  const ids: Record<string, string> = {};
  for (const c of ws.corpora) {
    const sets = ws.questionSets.filter((s) => s.corpusId === c.id);
    const corpus = workspace.addDataset({
      name: c.name,
      source: 'chunklab-workspace',
      language: c.language,
      documents: c.documents,
      questions: [],
      skipped: [],
    });
    ids[c.id] = corpus.id;
    for (const s of sets) workspace.addQuestionSet(corpus.id, s.name, s.questions);
    docs += c.documents.length;
    questions += sets.reduce((n, s) => n + s.questions.length, 0);
    names.push(c.name);
  }
  return { name: names.join(', '), docs, questions, ids };
}

/** The whole stored workspace as the workspace file's object. */
export function currentWorkspace(): Workspace {
  const snap = $state.snapshot({ corpora: workspace.corpora, sets: workspace.questionSets });
  return {
    corpora: snap.corpora.map((c) => ({
      id: c.id,
      name: c.name,
      documents: c.documents.map((d) => ({ id: d.id, name: d.name, text: d.text, format: d.format, meta: d.meta })),
    })),
    questionSets: snap.sets.map((s) => ({ id: s.id, name: s.name, corpusId: s.corpusId, questions: s.questions })),
  };
}

/** Writes the workspace file in the worker and offers it as a download. */
export async function exportWorkspace(): Promise<void> {
  const ws = currentWorkspace();
  const text = await engine((api) => api.writeWorkspace(ws), 'export');
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `chunklab-workspace-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
