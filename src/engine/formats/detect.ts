// Which dataset a set of files is, decided in one place for the CLI (src/node/files.ts, files on
// disk) and the page (workers/engine.worker.ts, files the user chose). Both hand over a virtual
// listing: relative paths ('/'-separated) → content, read lazily, so a caller reads only what the
// chosen reader needs (the CLI size-checks every file it reads). Content may be text or bytes, so
// binary documents (PDF, Word) can travel in the same listing.
//
// The rule (one answer for every input):
//  - One file: a JSON object. "format": "chunklab-workspace" → workspace; "chunklab-results" →
//    refused (a results file is not a dataset); "chunklab-folder" → refused (pass its folder);
//    {"data": [...]} → SQuAD v1.1; anything else → refused, naming what was expected.
//  - Several files (a folder): documents.json at the root → ChunkLab folder (its files by the paths it
//    lists, relative to the root; questions.json optional). Else questions_df.csv at the root →
//    Chroma: the documents are the .md/.markdown/.txt files of corpora/, or, when there is no
//    corpora/ folder, those beside questions_df.csv. Else, when it holds documents (.md, .markdown,
//    .txt, .html, .htm, .pdf, .docx, at any depth) → a plain documents folder, no questions
//    (documents-folder.ts: id = file name without extension). Else → refused, naming what was expected.
//  - One file that is a document by its extension: a documents "folder" of that one file.
import { dropFilterExcludedGold, type FilterExcluded } from '../evaluation/gold.ts';
import { InputError } from '../types.ts';
import type { Dataset } from '../evaluation/dataset.ts';
import { isObj, parseJson, type ReadOptions } from './limits.ts';
import { readSquad } from './squad.ts';
import { readChromaFolder } from './chroma.ts';
import { listedFiles, readChunklabFolder } from './chunklab-folder.ts';
import { datasetFromWorkspace, readWorkspace, workspaceFromDataset, type Workspace } from './workspace.ts';
import type { SkippedQuestion } from '../evaluation/types.ts';
import { documentPaths, documentType, readDocumentsFolder, type DocumentsOptions, type FileOutcome } from './documents-folder.ts';

/** A file's content: text, or bytes (decoded as UTF-8 where text is needed). */
export type FileBody = string | Uint8Array;

/** Files given as one unit: a single file, or a folder's files under paths relative to it. */
export interface FileListing {
  /** How messages name the file or folder (the CLI: the path as given; the page: the chosen name). */
  name: string;
  /** The folder's own name, which names a Chroma dataset (default: the last part of `name`). */
  title?: string;
  /** 'file': one file (paths has one entry); 'folder': everything under paths is relative to it. */
  kind: 'file' | 'folder';
  /** Every file's relative path, '/'-separated, no leading './'. */
  paths: readonly string[];
  /** The content of one of `paths` (the CLI checks its size before reading). */
  read(path: string): FileBody | Promise<FileBody>;
  /** A file's size before it is read, where known (the page's File.size): checked against the limit first. */
  sizeOf?(path: string): number | undefined;
}

export type DatasetKind = 'squad' | 'workspace' | 'chroma' | 'chunklab-folder' | 'documents';

/** What a listing turned out to be: a dataset, or (a workspace file) a whole workspace. */
export type Detected =
  | { kind: 'squad' | 'chroma' | 'chunklab-folder'; dataset: Dataset }
  | { kind: 'workspace'; workspace: Workspace; file: string }
  | { kind: 'documents'; dataset: Dataset; files: FileOutcome[] };

/** How a listing is read: size limit, and for documents their readers, progress, keep-going. */
export type DetectOptions = DocumentsOptions;

const DOC_FILE = /\.(md|markdown|txt)$/i;
const decoder = new TextDecoder('utf-8');

/** The text of a file's content. */
export function textOf(body: FileBody): string {
  return typeof body === 'string' ? body : decoder.decode(body);
}

async function readText(l: FileListing, path: string): Promise<string> {
  return textOf(await l.read(path));
}

/** Which reader a listing is for (see the rule at the top); the readers validate the content. */
export async function detectDataset(l: FileListing, opts: DetectOptions = {}): Promise<Detected> {
  if (!l.paths.length) throw new InputError('no file chosen', l.name, { code: 'no-file' });
  if (l.kind === 'file' && documentType(l.paths[0])) return { kind: 'documents', ...(await readDocumentsFolder(l, opts)) };
  if (l.kind === 'file') return detectFile(l, opts);
  const has = new Set(l.paths);
  if (has.has('documents.json')) {
    const where = joinName(l.name, 'documents.json');
    const documents = await readText(l, 'documents.json');
    const files: Record<string, string> = {};
    for (const f of listedFiles(documents, opts)) {
      const p = normalizePath(f, where);
      if (has.has(p)) files[f] = await readText(l, p);
    }
    const questions = has.has('questions.json') ? await readText(l, 'questions.json') : undefined;
    return { kind: 'chunklab-folder', dataset: readChunklabFolder({ documents, files, questions }, opts) };
  }
  if (has.has('questions_df.csv')) {
    const inCorpora = l.paths.filter((p) => /^corpora\/[^/]+$/.test(p));
    const folder = inCorpora.length ? inCorpora : l.paths.filter((p) => !p.includes('/'));
    const docs = folder.filter((p) => DOC_FILE.test(p)).sort();
    if (!docs.length) throw new InputError('a Chroma folder needs its documents (.md, .markdown or .txt) in corpora/ beside questions_df.csv', l.name, { code: 'unknown-format' });
    const corpora: Record<string, string> = {};
    for (const p of docs) corpora[p.replace(/^corpora\//, '')] = await readText(l, p);
    const csv = await readText(l, 'questions_df.csv');
    return { kind: 'chroma', dataset: readChromaFolder({ corpora, csv, name: l.title || l.name.split('/').filter(Boolean).pop() || 'Chroma' }, opts) };
  }
  if (documentPaths(l.paths).length) return { kind: 'documents', ...(await readDocumentsFolder(l, opts)) };
  throw new InputError(
    'unknown dataset folder: expected documents.json (ChunkLab folder), questions_df.csv with its documents (Chroma), or documents (.md, .txt, .html, .pdf, .docx); a SQuAD or workspace file is chosen on its own',
    l.name,
    { code: 'unknown-format' },
  );
}

async function detectFile(l: FileListing, opts: ReadOptions): Promise<Detected> {
  const text = await readText(l, l.paths[0]);
  const root = parseJson(text, l.name, opts);
  const format = isObj(root) ? root.format : undefined;
  if (format === 'chunklab-workspace') return { kind: 'workspace', workspace: readWorkspace(text, l.name, opts), file: l.name };
  if (format === 'chunklab-results') throw new InputError('this is a results file, not a dataset: open it in the results view (or compare it with the compare command)', l.name, { code: 'results-not-dataset' });
  if (format === 'chunklab-folder') throw new InputError('this is a ChunkLab folder manifest: choose its whole folder instead', l.name, { code: 'folder-manifest' });
  if (isObj(root) && Array.isArray(root.data)) return { kind: 'squad', dataset: readSquad(text, l.name, opts) };
  throw new InputError('unknown dataset format: expected a SQuAD v1.1 file ({"data": [...]}) or a ChunkLab workspace file', l.name, { code: 'unknown-format' });
}

/**
 * The dataset of a detection (a workspace file: its first corpus and question set), as the CLI
 * evaluates it. A question whose own metadata filter excludes its gold document is left out
 * (listed in `skipped`, named with why): it could never be answered and would fail every run.
 */
export function datasetOf(d: Detected): Dataset {
  const ds = d.kind === 'workspace' ? datasetFromWorkspace(d.workspace, undefined, d.file) : d.dataset;
  const meta = new Map(ds.documents.map((x) => [x.id, x.meta]));
  const { kept, excluded } = dropFilterExcludedGold(ds.questions, (id) => meta.get(id));
  if (!excluded.length) return ds;
  return { ...ds, questions: kept, skipped: [...ds.skipped, ...excluded.map(({ id, reason }) => ({ id, reason }))] };
}

/**
 * A detection as the page adds it: a workspace, the questions the files had but that cannot be
 * evaluated, and (named apart, for a warning) those left out because their own filter excludes their
 * gold document.
 */
export function workspaceOf(d: Detected): { workspace: Workspace; skipped: SkippedQuestion[]; filterExcluded: FilterExcluded[] } {
  const ws = d.kind === 'workspace' ? d.workspace : workspaceFromDataset(d.dataset, d.kind === 'chroma' ? 'chroma' : d.kind === 'squad' ? 'squad' : d.kind === 'documents' ? 'documents' : 'corpus');
  const filterExcluded: FilterExcluded[] = [];
  const questionSets = ws.questionSets.map((set) => {
    const docs = ws.corpora.find((c) => c.id === set.corpusId)?.documents ?? [];
    const meta = new Map(docs.map((x) => [x.id, x.meta]));
    const { kept, excluded } = dropFilterExcludedGold(set.questions, (id) => meta.get(id));
    filterExcluded.push(...excluded);
    return excluded.length ? { ...set, questions: kept } : set;
  });
  const skipped = d.kind === 'workspace' ? [] : d.dataset.skipped;
  return { workspace: { ...ws, questionSets }, skipped, filterExcluded };
}

/** A path inside the listing, '/'-separated; one that climbs out of it ('..', absolute) is an InputError. */
export function normalizePath(path: string, where: string): string {
  const parts: string[] = [];
  const p = path.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[a-z]:/i.test(p)) throw new InputError(`path "${path}" leaves the folder`, where);
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') throw new InputError(`path "${path}" leaves the folder`, where);
    parts.push(part);
  }
  if (!parts.length) throw new InputError(`path "${path}" leaves the folder`, where);
  return parts.join('/');
}

function joinName(name: string, file: string): string {
  return name ? `${name}/${file}` : file;
}

/** A file the page read from a file input: its name, the folder-relative path when a folder was chosen, its content. */
export interface UploadedFile {
  name: string;
  /** webkitRelativePath: "folder/sub/file.md" when a folder was chosen. */
  path?: string;
  text?: string;
  bytes?: Uint8Array;
  /** The file itself (a File handed to the worker), read only when the detection needs it. */
  blob?: { size: number; arrayBuffer(): Promise<ArrayBuffer> };
}

/**
 * The listing of files chosen in the page. One file is a file; several files, or files chosen as a
 * folder, are a folder: a chosen folder's own name is taken off the paths (it names the dataset),
 * loose files sit at the root.
 */
export function listingFromUploads(files: readonly UploadedFile[]): FileListing {
  if (!files.length) return { name: '', kind: 'folder', paths: [], read: () => '' };
  const rel = files.map((f) => (f.path || f.name).replace(/\\/g, '/').replace(/^\/+/, ''));
  const body = async (f: UploadedFile): Promise<FileBody> => f.bytes ?? f.text ?? (f.blob ? new Uint8Array(await f.blob.arrayBuffer()) : '');
  const size = (f: UploadedFile | undefined) => f?.blob?.size ?? f?.bytes?.byteLength ?? f?.text?.length;
  const folderPicked = rel.some((p) => p.includes('/'));
  if (files.length === 1 && !folderPicked) return { name: files[0].name, kind: 'file', paths: [rel[0]], read: () => body(files[0]), sizeOf: () => size(files[0]) };
  const top = rel[0].split('/')[0];
  const strip = folderPicked && rel.every((p) => p.startsWith(`${top}/`));
  const byPath = new Map<string, UploadedFile>();
  rel.forEach((p, i) => {
    const path = normalizePath(strip ? p.slice(top.length + 1) : p, files[i].name);
    if (byPath.has(path)) throw new InputError(`two files at "${path}"`, strip ? top : 'upload');
    byPath.set(path, files[i]);
  });
  const read = (p: string) => {
    const f = byPath.get(p);
    return f ? body(f) : '';
  };
  return { name: strip ? top : '', kind: 'folder', paths: [...byPath.keys()], read, sizeOf: (p) => size(byPath.get(p)) };
}
