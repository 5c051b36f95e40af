// The ChunkLab folder (the bundled samples use it): documents.json listing documents and their
// metadata, the document files, and questions.json whose gold is usually a key phrase.
import { InputError } from '../types.ts';
import type { Dataset, DocumentInput, QuestionSpec } from '../evaluation/dataset.ts';
import { arr, checkSize, obj, optStr, parseJson, str, uniqueIds, type ReadOptions, preview } from './limits.ts';
import { docFormat, readMeta, readQuestion, writeQuestion } from './questions.ts';

export interface ChunklabFolder {
  /** Text of documents.json. */
  documents: string;
  /** Document files by their path relative to the folder ("docs/a.md") → text. */
  files: Record<string, string>;
  /** Text of questions.json, when the folder has one. */
  questions?: string;
}

function formatOfFile(file: string): DocumentInput['format'] {
  if (/\.(md|markdown)$/i.test(file)) return 'markdown';
  if (/\.html?$/i.test(file)) return 'html';
  return 'text';
}

/** The document files a documents.json names (so a caller knows what to load). */
export function listedFiles(documentsJson: string, opts: ReadOptions = {}): string[] {
  const root = obj(parseJson(documentsJson, 'documents.json', opts), 'documents.json', 'documents.json');
  return arr(root.documents, '"documents"', 'documents.json').map((d, i) =>
    str(obj(d, 'a document', `documents.json: documents[${i}]`).file, 'file', `documents.json: documents[${i}]`),
  );
}

export function readChunklabFolder(folder: ChunklabFolder, opts: ReadOptions = {}): Dataset {
  const dj = 'documents.json';
  const root = obj(parseJson(folder.documents, dj, opts), dj, dj);
  if (root.format !== 'chunklab-folder') throw new InputError(`"format" must be "chunklab-folder", got ${preview(root.format)}`, dj);
  if (root.version !== 1) throw new InputError(`unsupported version ${preview(root.version)} (this build reads version 1)`, dj);
  const language = optStr(root.language, 'language', dj);
  const documents: DocumentInput[] = arr(root.documents, '"documents"', dj).map((d, i) => {
    const where = `${dj}: documents[${i}]`;
    const o = obj(d, 'a document', where);
    const id = str(o.id, 'id', where);
    const file = str(o.file, 'file', `${where} (${id})`);
    const text = folder.files[file];
    if (text === undefined) throw new InputError(`file "${file}" is missing`, `${where} (${id})`);
    checkSize(text.length, file, opts);
    const meta = readMeta(o, where);
    if (language && !meta.language) meta.language = language;
    return { id, name: optStr(o.title, 'title', where) ?? file, text, format: docFormat(o.format, where) ?? formatOfFile(file), meta };
  });
  uniqueIds(documents.map((d) => d.id), 'document', dj);
  const byId = new Map(documents.map((d) => [d.id, d]));
  let questions: QuestionSpec[] = [];
  if (folder.questions !== undefined) {
    const qj = 'questions.json';
    const qr = obj(parseJson(folder.questions, qj, opts), qj, qj);
    if (qr.format !== 'chunklab-questions') throw new InputError(`"format" must be "chunklab-questions", got ${preview(qr.format)}`, qj);
    if (qr.version !== 1) throw new InputError(`unsupported version ${preview(qr.version)} (this build reads version 1)`, qj);
    questions = arr(qr.questions, '"questions"', qj).map((q, i) => readQuestion(q, byId, `${qj}: questions[${i}]`));
    uniqueIds(questions.map((q) => q.id), 'question', qj);
  }
  const name = optStr(root.name, 'name', dj) ?? 'ChunkLab folder';
  return { name, source: 'chunklab-folder', language, documents, questions, skipped: [] };
}

const EXT: Record<NonNullable<DocumentInput['format']>, string> = { markdown: 'md', text: 'txt', html: 'html' };

/**
 * A ChunkLab folder as files (relative path → text): documents.json, one file per document under
 * docs/ (named after its id, made safe and unique), and questions.json. readChunklabFolder reads it back.
 */
export function writeChunklabFolder(ds: Pick<Dataset, 'name' | 'language' | 'documents' | 'questions'>): Record<string, string> {
  const files: Record<string, string> = {};
  const used = new Set<string>();
  const entries = ds.documents.map((d) => {
    const base = d.id.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '').slice(0, 80) || 'document';
    const ext = EXT[d.format ?? 'text'];
    let file = `docs/${base}.${ext}`;
    for (let n = 2; used.has(file.toLowerCase()); n++) file = `docs/${base}-${n}.${ext}`;
    used.add(file.toLowerCase());
    files[file] = d.text;
    const { title, ...meta } = d.meta ?? {};
    const entry: Record<string, unknown> = { id: d.id, file, format: d.format ?? 'text' };
    if (title ?? d.name) entry.title = title ?? d.name;
    if (Object.keys(meta).length) entry.meta = meta;
    return entry;
  });
  const head: Record<string, unknown> = { format: 'chunklab-folder', version: 1, name: ds.name };
  if (ds.language) head.language = ds.language;
  files['documents.json'] = JSON.stringify({ ...head, documents: entries }, null, 2) + '\n';
  const byId = new Map(ds.documents.map((d) => [d.id, d]));
  files['questions.json'] = JSON.stringify({ format: 'chunklab-questions', version: 1, questions: ds.questions.map((q) => writeQuestion(q, byId)) }, null, 2) + '\n';
  return files;
}
