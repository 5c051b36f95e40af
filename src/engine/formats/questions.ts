// Reading and writing question lists shared by the ChunkLab folder and the workspace file:
// gold as explicit spans ({docId, start, end}, code points in the file) or key phrases
// ({docId, phrase}); look-alike passages (notRelevant); metadata filters; tags.
import { InputError } from '../types.ts';
import type { DocFormat, DocMeta } from '../types.ts';
import type { DocumentInput, GoldRef, QuestionProvenance, QuestionSpec, ReviewState } from '../evaluation/dataset.ts';
import { isPhraseRef } from '../evaluation/dataset.ts';
import { offsetMap } from '../util/codepoints.ts';
import { arr, int, isObj, num, obj, optStr, str, strMap, preview, idOf } from './limits.ts';

const FORMATS: DocFormat[] = ['markdown', 'text', 'html'];

export function docFormat(v: unknown, where: string): DocFormat | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !FORMATS.includes(v as DocFormat)) throw new InputError(`format must be one of ${FORMATS.join(', ')}, got ${preview(v)}`, where);
  return v as DocFormat;
}

/** Reads one gold reference; spans are converted from code points and checked against the text. */
export function readRef(v: unknown, docs: ReadonlyMap<string, DocumentInput>, where: string): GoldRef {
  const o = obj(v, 'a gold reference', where);
  const docId = str(o.docId, 'docId', where);
  const doc = docs.get(docId);
  if (!doc) throw new InputError(`unknown document "${docId}"`, where);
  if (o.phrase !== undefined) return { docId, phrase: str(o.phrase, 'phrase', where) };
  const s = int(o.start, 'start', where);
  const e = int(o.end, 'end', where);
  const map = offsetMap(doc.text);
  const start = map.toUtf16(s);
  const end = map.toUtf16(e);
  if (start === undefined || end === undefined || s >= e)
    throw new InputError(`span [${s}, ${e}) is outside document "${docId}" (${map.length} code points) or empty`, where);
  return { docId, start, end };
}

/**
 * Reads a question: {id, text, docId?, phrase?, gold?: [refs], notRelevant?: [refs], filter?, tags?}.
 * `docId` + `phrase` is the short form of one key-phrase gold.
 */
export function readQuestion(v: unknown, docs: ReadonlyMap<string, DocumentInput>, where: string): QuestionSpec {
  const o = obj(v, 'a question', where);
  const id = idOf(o.id, 'id', where);
  const qw = `${where} (question ${id})`;
  const text = str(o.text, 'text', qw);
  const gold: GoldRef[] = [];
  if (o.phrase !== undefined || o.docId !== undefined) gold.push(readRef({ docId: o.docId, phrase: o.phrase, start: o.start, end: o.end }, docs, qw));
  if (o.gold !== undefined) arr(o.gold, 'gold', qw).forEach((g, i) => gold.push(readRef(g, docs, `${qw}, gold ${i + 1}`)));
  if (!gold.length) throw new InputError('no gold: give docId and phrase, or a gold list', qw);
  const q: QuestionSpec = { id, text, gold };
  if (o.notRelevant !== undefined) q.notRelevant = arr(o.notRelevant, 'notRelevant', qw).map((g, i) => readRef(g, docs, `${qw}, notRelevant ${i + 1}`));
  const filter = strMap(o.filter, 'filter', qw);
  if (filter && Object.keys(filter).length) q.filter = filter;
  if (o.tags !== undefined) q.tags = arr(o.tags, 'tags', qw).map((t, i) => str(t, `tags[${i}]`, qw));
  if (o.review !== undefined) {
    if (!REVIEW.includes(o.review as ReviewState)) throw new InputError(`review must be one of ${REVIEW.join(', ')}`, qw);
    q.review = o.review as ReviewState;
  }
  if (o.provenance !== undefined) q.provenance = readProvenance(o.provenance, docs, `${qw}, provenance`);
  return q;
}

const REVIEW: ReviewState[] = ['unreviewed', 'accepted', 'rejected'];
const KINDS: QuestionProvenance['kind'][] = ['plain', 'paraphrase', 'twin'];

function readProvenance(v: unknown, docs: ReadonlyMap<string, DocumentInput>, where: string): QuestionProvenance {
  const o = obj(v, 'a provenance record', where);
  const kind = o.kind ?? 'plain';
  if (!KINDS.includes(kind as QuestionProvenance['kind'])) throw new InputError(`kind must be one of ${KINDS.join(', ')}`, where);
  const passage = readRef(o.passage, docs, `${where}: passage`);
  if (isPhraseRef(passage)) throw new InputError('passage must be a span {docId, start, end}', where);
  const overlap = num(o.overlap ?? 0, 'overlap', where);
  return {
    model: str(o.model, 'model', where),
    promptVersion: str(o.promptVersion, 'promptVersion', where),
    kind: kind as QuestionProvenance['kind'],
    passage,
    overlap,
    located: o.located === undefined ? [] : arr(o.located, 'located', where).map((x, i) => str(x, `located[${i}]`, where)),
  };
}

/** A reference as written to a file: spans in code points. */
export function writeRef(ref: GoldRef, docs: ReadonlyMap<string, DocumentInput>): Record<string, unknown> {
  if (isPhraseRef(ref)) return { docId: ref.docId, phrase: ref.phrase };
  const doc = docs.get(ref.docId);
  if (!doc) throw new Error(`unknown document "${ref.docId}"`);
  const map = offsetMap(doc.text);
  return { docId: ref.docId, start: map.toCodePoint(ref.start), end: map.toCodePoint(ref.end) };
}

export function writeQuestion(q: QuestionSpec, docs: ReadonlyMap<string, DocumentInput>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: q.id, text: q.text, gold: q.gold.map((g) => writeRef(g, docs)) };
  if (q.notRelevant?.length) out.notRelevant = q.notRelevant.map((g) => writeRef(g, docs));
  if (q.filter && Object.keys(q.filter).length) out.filter = q.filter;
  if (q.tags?.length) out.tags = q.tags;
  if (q.review) out.review = q.review;
  if (q.provenance) out.provenance = { ...q.provenance, passage: writeRef(q.provenance.passage, docs) };
  return out;
}

/** Reads document metadata; title/version/date given at the top level of an entry are merged in. */
export function readMeta(o: Record<string, unknown>, where: string): DocMeta {
  const meta: DocMeta = { ...(strMap(o.meta, 'meta', where) ?? {}) };
  for (const k of ['title', 'version', 'date', 'language', 'tenant'] as const) {
    const v = optStr(o[k], k, where);
    if (v !== undefined) meta[k] = v;
  }
  return meta;
}

export { isObj };
