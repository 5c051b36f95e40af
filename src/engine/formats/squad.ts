// SQuAD v1.1/v2.0 JSON reader: one document per title (its paragraphs' contexts joined by a blank
// line, in order), each question's gold is its first answer moved to document offsets. answer_start
// counts code points; where the text is not there, the nearest occurrence in the paragraph is
// taken; where it does not occur at all, the question is skipped and listed. Files as annotation
// tools and published long-document sets write them are read too: an article without a title takes
// its paragraph's `document_id` (or its position, "1", "2", …) as id; numeric ids are strings; a
// question marked `is_impossible` is skipped and listed even when it carries (plausible) answers.
import { InputError } from '../types.ts';
import type { Dataset, DocumentInput, QuestionSpec } from '../evaluation/dataset.ts';
import type { SkippedQuestion } from '../evaluation/types.ts';
import { offsetMap } from '../util/codepoints.ts';
import { arr, obj, parseJson, str, type ReadOptions, preview, idOf } from './limits.ts';

export const PARAGRAPH_JOIN = '\n\n';

/** Start of the occurrence of `needle` in `hay` nearest to `near`, or -1. */
export function nearestOccurrence(hay: string, needle: string, near: number): number {
  if (!needle) return -1;
  let best = -1;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) {
    if (best < 0 || Math.abs(i - near) < Math.abs(best - near)) best = i;
    if (i > near) break;
  }
  return best;
}

/** The reason listed for a question its file marks `is_impossible` (SQuAD 2.0). */
export const UNANSWERABLE = 'unanswerable (is_impossible)';

/** An article's title: a string or a number (as a string); absent, null or blank → undefined. */
function titleOf(v: unknown, where: string): string | undefined {
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) return undefined;
  return idOf(v, '"title"', where);
}

/** Reads a SQuAD v1.1 (or v2.0: unanswerable questions are skipped) file's text. */
export function readSquad(text: string, file = 'squad.json', opts: ReadOptions = {}): Dataset {
  const root = obj(parseJson(text, file, opts), 'the file', file);
  const data = arr(root.data, '"data"', `${file}: top level`);
  const docs = new Map<string, { parts: string[]; length: number; title: string | undefined }>();
  const questions: QuestionSpec[] = [];
  const skipped: SkippedQuestion[] = [];
  const ids = new Set<string>();
  let repaired = 0;

  data.forEach((article, ai) => {
    const aw = `${file}: data[${ai}]`;
    const a = obj(article, 'an article', aw);
    const title = titleOf(a.title, aw);
    const paragraphs = arr(a.paragraphs, '"paragraphs"', aw);
    paragraphs.forEach((para, pi) => {
      const p = obj(para, 'a paragraph', `${aw}.paragraphs[${pi}]`);
      // The document: the article's title; without one, the paragraph's document_id; else the
      // article's position (1-based, as a person counts them).
      const docId = title ?? (p.document_id === undefined || p.document_id === null ? String(ai + 1) : idOf(p.document_id, '"document_id"', `${aw}.paragraphs[${pi}]`));
      const pw = `${aw}.paragraphs[${pi}] ("${docId}")`;
      let doc = docs.get(docId);
      if (!doc) docs.set(docId, (doc = { parts: [], length: 0, title }));
      const context = str(p.context, '"context"', pw, { empty: true });
      if (doc.parts.length) doc.length += PARAGRAPH_JOIN.length;
      const base = doc.length;
      doc.parts.push(context);
      doc.length += context.length;
      const map = offsetMap(context);
      arr(p.qas, '"qas"', pw).forEach((qa, qi) => {
        const q = obj(qa, 'a question', `${pw}.qas[${qi}]`);
        const id = q.id === undefined || q.id === null ? `${docId}#${pi}.${qi}` : idOf(q.id, '"id"', `${pw}.qas[${qi}]`);
        const qw = `${file}: question ${id}`;
        if (ids.has(id)) throw new InputError('duplicate question id', qw);
        ids.add(id);
        const question = str(q.question, '"question"', qw);
        if (q.is_impossible === true || q.is_impossible === 'true' || q.is_impossible === 1) {
          skipped.push({ id, reason: UNANSWERABLE });
          return;
        }
        const answers = q.answers === undefined || q.answers === null ? [] : arr(q.answers, '"answers"', qw);
        if (!answers.length) {
          skipped.push({ id, reason: 'no answer' });
          return;
        }
        const ans = obj(answers[0], 'an answer', qw);
        const answer = str(ans.text, 'answer "text"', qw);
        const cpStart = ans.answer_start;
        if (typeof cpStart !== 'number' || !Number.isInteger(cpStart) || cpStart < 0)
          throw new InputError(`answer_start must be an integer >= 0, got ${preview(cpStart)}`, qw);
        const at = map.toUtf16(cpStart);
        let start: number;
        if (at !== undefined && context.startsWith(answer, at)) start = at;
        else {
          start = nearestOccurrence(context, answer, at ?? context.length);
          if (start < 0) {
            skipped.push({ id, reason: `answer text "${answer.length > 40 ? answer.slice(0, 37) + '…' : answer}" does not occur in its paragraph` });
            return;
          }
          repaired++;
        }
        questions.push({ id, text: question, gold: [{ docId, start: base + start, end: base + start + answer.length }] });
      });
    });
  });

  const documents: DocumentInput[] = [...docs].map(([id, d]) => ({
    id,
    name: d.title ?? id,
    text: d.parts.join(PARAGRAPH_JOIN),
    format: 'text',
    meta: d.title === undefined ? {} : { title: d.title },
  }));
  const name = typeof root.version === 'string' ? `${file} (SQuAD ${root.version})` : file;
  return { name, source: 'squad', documents, questions, skipped, repaired };
}
