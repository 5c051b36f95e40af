// The workspace file the playground exports and imports (and the CLI reads as a dataset):
//
// {
//   "format": "chunklab-workspace", "version": 1,
//   "corpora": [ { "id", "name", "language"?, "documents": [ { "id", "name", "format", "text", "meta" } ] } ],
//   "questionSets": [ { "id", "name", "corpusId", "questions": [
//       { "id", "text", "gold": [ {"docId","start","end"} | {"docId","phrase"} ],
//         "notRelevant"?: [...same...], "filter"?: {key: value}, "tags"?: [..] } ] } ],
//   "settings"?: { ...the playground's own, opaque here... }
// }
//
// Offsets count Unicode code points (like every ChunkLab file); the reader converts them to
// UTF-16 and validates everything: an opened file is untrusted.
import { InputError } from '../types.ts';
import type { Dataset, DocumentInput, QuestionSpec } from '../evaluation/dataset.ts';
import { arr, isObj, obj, optStr, parseJson, str, uniqueIds, type ReadOptions, preview } from './limits.ts';
import { docFormat, readMeta, readQuestion, writeQuestion } from './questions.ts';

export const WORKSPACE_FORMAT = 'chunklab-workspace';
export const WORKSPACE_VERSION = 1;

export interface WorkspaceCorpus {
  id: string;
  name: string;
  language?: string;
  documents: DocumentInput[];
}

export interface WorkspaceQuestionSet {
  id: string;
  name: string;
  corpusId: string;
  questions: QuestionSpec[];
}

export interface Workspace {
  corpora: WorkspaceCorpus[];
  questionSets: WorkspaceQuestionSet[];
  settings?: Record<string, unknown>;
}

export function readWorkspace(text: string, file = 'workspace.json', opts: ReadOptions = {}): Workspace {
  const root = obj(parseJson(text, file, opts), 'the file', file);
  if (root.format !== WORKSPACE_FORMAT) throw new InputError(`"format" must be "${WORKSPACE_FORMAT}", got ${preview(root.format)}`, file);
  if (root.version !== WORKSPACE_VERSION)
    throw new InputError(`unsupported version ${preview(root.version)} (this build reads version ${WORKSPACE_VERSION})`, file);
  const corpora: WorkspaceCorpus[] = arr(root.corpora, '"corpora"', file).map((c, ci) => {
    const cw = `${file}: corpora[${ci}]`;
    const o = obj(c, 'a corpus', cw);
    const id = str(o.id, 'id', cw);
    const documents = arr(o.documents, 'documents', `${cw} (${id})`).map((d, di) => {
      const dw = `${cw}.documents[${di}]`;
      const od = obj(d, 'a document', dw);
      const docId = str(od.id, 'id', dw);
      const meta = readMeta(od, `${dw} (${docId})`);
      const doc: DocumentInput = { id: docId, name: optStr(od.name, 'name', dw) ?? docId, text: str(od.text, 'text', `${dw} (${docId})`, { empty: true }), meta };
      const format = docFormat(od.format, `${dw} (${docId})`);
      if (format) doc.format = format;
      return doc;
    });
    uniqueIds(documents.map((d) => d.id), 'document', `${cw} (${id})`);
    const corpus: WorkspaceCorpus = { id, name: optStr(o.name, 'name', cw) ?? id, documents };
    const language = optStr(o.language, 'language', cw);
    if (language) corpus.language = language;
    return corpus;
  });
  uniqueIds(corpora.map((c) => c.id), 'corpus', file);
  const byCorpus = new Map(corpora.map((c) => [c.id, new Map(c.documents.map((d) => [d.id, d]))]));
  const sets = root.questionSets === undefined ? [] : arr(root.questionSets, '"questionSets"', file);
  const questionSets: WorkspaceQuestionSet[] = sets.map((s, si) => {
    const sw = `${file}: questionSets[${si}]`;
    const o = obj(s, 'a question set', sw);
    const id = str(o.id, 'id', sw);
    const corpusId = str(o.corpusId, 'corpusId', `${sw} (${id})`);
    const docs = byCorpus.get(corpusId);
    if (!docs) throw new InputError(`unknown corpus "${corpusId}"`, `${sw} (${id})`);
    const questions = arr(o.questions, 'questions', `${sw} (${id})`).map((q, qi) => readQuestion(q, docs, `${sw}.questions[${qi}]`));
    uniqueIds(questions.map((q) => q.id), 'question', `${sw} (${id})`);
    return { id, name: optStr(o.name, 'name', sw) ?? id, corpusId, questions };
  });
  uniqueIds(questionSets.map((s) => s.id), 'question set', file);
  const ws: Workspace = { corpora, questionSets };
  if (root.settings !== undefined) {
    if (!isObj(root.settings)) throw new InputError('"settings" must be an object', file);
    ws.settings = root.settings;
  }
  return ws;
}

/** Serialises a workspace (offsets written as code points). */
export function writeWorkspace(ws: Workspace): string {
  const corpora = ws.corpora.map((c) => ({
    id: c.id,
    name: c.name,
    ...(c.language ? { language: c.language } : {}),
    documents: c.documents.map((d) => ({ id: d.id, name: d.name ?? d.id, format: d.format ?? 'text', text: d.text, meta: d.meta ?? {} })),
  }));
  const byCorpus = new Map(ws.corpora.map((c) => [c.id, new Map(c.documents.map((d) => [d.id, d]))]));
  const questionSets = ws.questionSets.map((s) => {
    const docs = byCorpus.get(s.corpusId);
    if (!docs) throw new Error(`question set "${s.id}" points to unknown corpus "${s.corpusId}"`);
    return { id: s.id, name: s.name, corpusId: s.corpusId, questions: s.questions.map((q) => writeQuestion(q, docs)) };
  });
  return JSON.stringify({ format: WORKSPACE_FORMAT, version: WORKSPACE_VERSION, corpora, questionSets, ...(ws.settings ? { settings: ws.settings } : {}) }, null, 2) + '\n';
}

/** A dataset from one question set of a workspace (the first one unless `setId` says which). */
export function datasetFromWorkspace(ws: Workspace, setId?: string, file = 'workspace.json'): Dataset {
  const set = setId === undefined ? ws.questionSets[0] : ws.questionSets.find((s) => s.id === setId);
  if (!set) {
    if (setId !== undefined) throw new InputError(`no question set ${preview(setId)} (have: ${ws.questionSets.map((s) => preview(s.id)).join(', ') || 'none'})`, file);
    // No question set at all: the first corpus, with no questions (chunk works; eval says so).
    const first = ws.corpora[0];
    if (!first) throw new InputError('the workspace has no corpus', file);
    return { name: first.name, source: 'chunklab-workspace', language: first.language, documents: first.documents, questions: [], skipped: [] };
  }
  const corpus = ws.corpora.find((c) => c.id === set.corpusId)!;
  return {
    name: `${corpus.name} / ${set.name}`,
    source: 'chunklab-workspace',
    language: corpus.language,
    documents: corpus.documents,
    questions: set.questions,
    skipped: [],
  };
}

/** A workspace holding one dataset (for exporting a SQuAD or Chroma import from the playground). */
export function workspaceFromDataset(ds: Dataset, id = 'corpus'): Workspace {
  return {
    corpora: [{ id, name: ds.name, ...(ds.language ? { language: ds.language } : {}), documents: ds.documents }],
    questionSets: [{ id: `${id}-questions`, name: ds.name, corpusId: id, questions: ds.questions }],
  };
}
