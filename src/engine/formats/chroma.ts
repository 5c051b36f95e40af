// Chroma-style chunking-evaluation folder: corpora/<corpus_id>.md|.txt plus questions_df.csv with
// columns question, references (a JSON list of {content, start_index, end_index}), corpus_id.
// Every reference is a gold span of its question. Offsets count code points and are converted to
// UTF-16; a reference whose content is not at its offsets is moved to the nearest occurrence of
// its content, and a question with a reference whose content does not occur at all is skipped.
import Papa from 'papaparse';
import { InputError } from '../types.ts';
import type { Dataset, DocumentInput, QuestionSpec } from '../evaluation/dataset.ts';
import type { GoldSpan } from '../types.ts';
import type { SkippedQuestion } from '../evaluation/types.ts';
import { offsetMap } from '../util/codepoints.ts';
import { checkSize, isObj, preview, type ReadOptions } from './limits.ts';
import { nearestOccurrence } from './squad.ts';

export const CHROMA_COLUMNS = ['question', 'references', 'corpus_id'] as const;

export interface ChromaFolder {
  /** Files of corpora/: name with extension ("wiki.md") → text. */
  corpora: Record<string, string>;
  /** The text of questions_df.csv. */
  csv: string;
  /** Display name of the folder. */
  name?: string;
}

/** corpus_id → document id: strips a leading "corpora/" and a .md/.txt extension. */
export function corpusIdOf(name: string): string {
  return name.replace(/^(\.\/)?corpora\//, '').replace(/\.(md|markdown|txt)$/i, '');
}

export function readChromaFolder(folder: ChromaFolder, opts: ReadOptions = {}): Dataset {
  const csvFile = 'questions_df.csv';
  checkSize(folder.csv.length, csvFile, opts);
  const documents: DocumentInput[] = [];
  const byId = new Map<string, DocumentInput>();
  for (const [file, text] of Object.entries(folder.corpora).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!/\.(md|markdown|txt)$/i.test(file)) continue;
    checkSize(text.length, `corpora/${file}`, opts);
    const id = corpusIdOf(file);
    if (byId.has(id)) throw new InputError(`two corpus files for corpus_id "${id}"`, `corpora/${file}`);
    const doc: DocumentInput = { id, name: file, text, format: /\.txt$/i.test(file) ? 'text' : 'markdown', meta: { title: id } };
    byId.set(id, doc);
    documents.push(doc);
  }
  if (!documents.length) throw new InputError('no .md or .txt files in corpora/', folder.name ?? 'Chroma folder');

  const parsed = Papa.parse<Record<string, string>>(folder.csv.charCodeAt(0) === 0xfeff ? folder.csv.slice(1) : folder.csv, {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const renamed = (parsed.meta as { renamedHeaders?: Record<string, string> | null }).renamedHeaders;
  if (renamed && Object.keys(renamed).length) {
    const dup = [...new Set(Object.values(renamed))];
    throw new InputError(`duplicate column${dup.length > 1 ? 's' : ''} ${dup.map((d) => preview(d)).join(', ')} in the header row`, csvFile);
  }
  const fields = parsed.meta.fields ?? [];
  const missing = CHROMA_COLUMNS.filter((c) => !fields.includes(c));
  if (missing.length)
    throw new InputError(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (found: ${fields.join(', ') || 'none'})`, csvFile);
  const fatal = parsed.errors.find((e) => e.type === 'Quotes' || e.code === 'TooManyFields' || e.code === 'TooFewFields');
  if (fatal) throw new InputError(`malformed CSV: ${fatal.message}`, `${csvFile} row ${(fatal.row ?? 0) + 1}`);

  const questions: QuestionSpec[] = [];
  const skipped: SkippedQuestion[] = [];
  let repaired = 0;
  parsed.data.forEach((row, i) => {
    const id = `q${i + 1}`;
    const where = `${csvFile} row ${i + 1} (question ${id})`;
    const text = (row.question ?? '').trim();
    if (!text) throw new InputError('empty question', where);
    const corpusId = corpusIdOf((row.corpus_id ?? '').trim());
    const doc = byId.get(corpusId);
    if (!doc) throw new InputError(`corpus_id "${corpusId}" has no file corpora/${corpusId}.md or .txt`, where);
    let refs: unknown;
    try {
      refs = JSON.parse(row.references ?? '');
    } catch {
      throw new InputError('references is not a JSON list', where);
    }
    if (!Array.isArray(refs) || !refs.length) throw new InputError('references must be a non-empty JSON list', where);
    const map = offsetMap(doc.text);
    const gold: GoldSpan[] = [];
    for (const [ri, ref] of refs.entries()) {
      const rw = `${where}, reference ${ri + 1}`;
      if (!isObj(ref)) throw new InputError('a reference must be an object {content, start_index, end_index}', rw);
      const { content, start_index: s, end_index: e } = ref;
      if (typeof s !== 'number' || typeof e !== 'number' || !Number.isInteger(s) || !Number.isInteger(e))
        throw new InputError('start_index and end_index must be integers', rw);
      const start = map.toUtf16(s);
      const end = map.toUtf16(e);
      if (start === undefined || end === undefined || s >= e)
        throw new InputError(`span [${s}, ${e}) is outside document "${doc.id}" (${map.length} code points) or empty`, rw);
      if (typeof content === 'string' && content && doc.text.slice(start, end) !== content) {
        const at = nearestOccurrence(doc.text, content, start);
        if (at < 0) {
          skipped.push({ id, reason: `reference ${ri + 1}'s content is not at its offsets and does not occur in "${doc.id}"` });
          return;
        }
        repaired++;
        gold.push({ docId: doc.id, start: at, end: at + content.length });
      } else gold.push({ docId: doc.id, start, end });
    }
    questions.push({ id, text, gold });
  });
  return { name: folder.name ?? 'Chroma folder', source: 'chroma', documents, questions, skipped, repaired };
}
