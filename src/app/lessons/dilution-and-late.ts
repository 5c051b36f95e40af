// The two embedding lessons, as pure functions over any embedder:
// - dilutionTest: one answer sentence wrapped in 0, 2, 5, 10, 20 foreign sentences; how well does a
//   question still match the passage, compared with the closest decoy sentence? (one vector per
//   passage averages everything in it, so the answer's signal fades as the passage grows)
// - naiveVsLate: a sentence that names its subject only by a pronoun, embedded alone ("naive") vs
//   late-chunked inside its document (its tokens pooled from a pass over the whole document).
// Similarities are cosines computed here from the vectors (normalised or not). Nothing is asserted
// about which wins: that depends on the model, and the lesson is to look.

import { InputError, type Span } from '../../engine/types.ts';

/** Embeds texts as queries or passages (the model's prefixes are the embedder's job). */
export type EmbedTextsFn = (texts: string[], kind: 'query' | 'passage') => Promise<Float32Array[]>;
/** Late chunking: one vector per span of `document`, pooled from one pass over the document. */
export type EmbedLateFn = (document: string, spans: Span[]) => Promise<Float32Array[]>;

export const DILUTION_COUNTS: readonly number[] = [0, 2, 5, 10, 20];

export interface DilutionInput {
  answer: string;
  question: string;
  /** A sentence (or several) on the same topic that does not answer; the best-scoring one is "the closest". */
  decoy: string | string[];
  /** Foreign sentences put around the answer; reused in order when a count needs more than there are. */
  fillers: string[];
  /** How many fillers surround the answer in each passage (default 0, 2, 5, 10, 20). */
  counts?: readonly number[];
  /** Put between sentences (default one space). */
  separator?: string;
}

export interface DilutionRow {
  /** Fillers around the answer. */
  count: number;
  /** The passage embedded: floor(count/2) fillers, the answer, the rest. */
  passage: string;
  /** Character range of the answer inside the passage. */
  answerStart: number;
  answerEnd: number;
  /** cos(question, passage). */
  score: number;
  /** score − best decoy score: above 0, the passage still wins. */
  margin: number;
  wins: boolean;
}

export interface DilutionResult {
  rows: DilutionRow[];
  /** cos(question, each decoy), in the order given. */
  decoyScores: number[];
  /** The highest of decoyScores. */
  bestDecoy: number;
  bestDecoyIndex: number;
  /** Fillers had to be reused (fewer given than the largest count). */
  fillersReused: boolean;
  /** The first count at which the passage no longer beats the decoy (null: it always wins). */
  firstLoss: number | null;
}

/** Cosine similarity; 0 when either vector is all zeros. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new InputError(`vectors of different lengths (${a.length} and ${b.length})`, 'cosine');
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new InputError('must be a non-empty text', name);
  return value.trim();
}

function checkVectors(vs: unknown, n: number, what: string): Float32Array[] {
  if (!Array.isArray(vs) || vs.length !== n) throw new InputError(`the embedder returned ${Array.isArray(vs) ? vs.length : 'no'} vectors for ${n} texts`, what);
  return vs as Float32Array[];
}

/** The passage with `count` fillers: half before the answer (rounded down), the rest after. */
export function dilutedPassage(answer: string, fillers: readonly string[], count: number, separator = ' '): { passage: string; answerStart: number; answerEnd: number } {
  const pick = (i: number) => fillers[i % fillers.length].trim();
  const before = Math.floor(count / 2);
  const head = Array.from({ length: before }, (_, i) => pick(i));
  const tail = Array.from({ length: count - before }, (_, i) => pick(before + i));
  const prefix = head.length ? head.join(separator) + separator : '';
  const passage = prefix + answer + (tail.length ? separator + tail.join(separator) : '');
  return { passage, answerStart: prefix.length, answerEnd: prefix.length + answer.length };
}

/** Runs the dilution lesson: one embedding call for the question, one for decoys and passages together. */
export async function dilutionTest(embed: EmbedTextsFn, input: DilutionInput): Promise<DilutionResult> {
  const answer = text(input?.answer, 'answer');
  const question = text(input.question, 'question');
  const decoys = (Array.isArray(input.decoy) ? input.decoy : [input.decoy]).map((d, i) => text(d, `decoy ${i + 1}`));
  if (!decoys.length) throw new InputError('give at least one decoy sentence', 'decoy');
  const counts = [...(input.counts ?? DILUTION_COUNTS)];
  if (!counts.length) throw new InputError('give at least one count', 'counts');
  counts.forEach((c, i) => {
    if (!Number.isInteger(c) || c < 0 || c > 1000) throw new InputError(`must be a whole number from 0 to 1000, got ${c}`, `counts[${i}]`);
  });
  const fillers = (Array.isArray(input.fillers) ? input.fillers : []).map((f) => (typeof f === 'string' ? f.trim() : '')).filter(Boolean);
  const most = Math.max(...counts);
  if (most > 0 && !fillers.length) throw new InputError('give at least one foreign sentence to put around the answer', 'fillers');
  const sep = input.separator ?? ' ';

  const passages = counts.map((c) => ({ count: c, ...dilutedPassage(answer, fillers, c, sep) }));
  const [q] = checkVectors(await embed([question], 'query'), 1, 'question');
  const vs = checkVectors(await embed([...decoys, ...passages.map((p) => p.passage)], 'passage'), decoys.length + passages.length, 'passages');
  const decoyScores = decoys.map((_, i) => cosine(q, vs[i]));
  let bestDecoyIndex = 0;
  decoyScores.forEach((s, i) => {
    if (s > decoyScores[bestDecoyIndex]) bestDecoyIndex = i;
  });
  const bestDecoy = decoyScores[bestDecoyIndex];
  const rows: DilutionRow[] = passages.map((p, i) => {
    const score = cosine(q, vs[decoys.length + i]);
    return { count: p.count, passage: p.passage, answerStart: p.answerStart, answerEnd: p.answerEnd, score, margin: score - bestDecoy, wins: score > bestDecoy };
  });
  const loss = [...rows].sort((a, b) => a.count - b.count).find((r) => !r.wins);
  return { rows, decoyScores, bestDecoy, bestDecoyIndex, fillersReused: most > fillers.length, firstLoss: loss ? loss.count : null };
}

export interface NaiveVsLateInput {
  document: string;
  /** The sentence (character range of `document`) that names its subject only by a pronoun. */
  sentenceSpan: Span;
  question: string;
}

export interface NaiveVsLateResult {
  sentence: string;
  /** cos(question, the sentence embedded alone). */
  naive: number;
  /** cos(question, the sentence's late-chunked vector). */
  late: number;
  /** cos(question, the whole document embedded as one passage): a reference point. */
  wholeDocument: number;
  /** late − naive. */
  gain: number;
}

/** Runs the late-chunking lesson: the same sentence, alone and in context, against one question. */
export async function naiveVsLate(embedLate: EmbedLateFn, embedNaive: EmbedTextsFn, input: NaiveVsLateInput): Promise<NaiveVsLateResult> {
  const document = typeof input?.document === 'string' ? input.document : '';
  if (!document.trim()) throw new InputError('must be a non-empty text', 'document');
  const question = text(input.question, 'question');
  const s = input.sentenceSpan;
  if (!s || !Number.isInteger(s.start) || !Number.isInteger(s.end) || s.start < 0 || s.end > document.length || s.start >= s.end) {
    throw new InputError(`[${s?.start}, ${s?.end}) is not a non-empty range inside the document (length ${document.length})`, 'sentence');
  }
  const sentence = document.slice(s.start, s.end);
  if (!sentence.trim()) throw new InputError('the chosen range is only spaces', 'sentence');
  const [q] = checkVectors(await embedNaive([question], 'query'), 1, 'question');
  const [alone, whole] = checkVectors(await embedNaive([sentence, document], 'passage'), 2, 'sentence');
  const [late] = checkVectors(await embedLate(document, [{ start: s.start, end: s.end }]), 1, 'late chunking');
  const naive = cosine(q, alone);
  const lateScore = cosine(q, late);
  return { sentence, naive, late: lateScore, wholeDocument: cosine(q, whole), gain: lateScore - naive };
}

/** The range of the first occurrence of `sentence` in `document` (for editable lesson texts), or null. */
export function findSentence(document: string, sentence: string): Span | null {
  const s = sentence.trim();
  if (!s) return null;
  const i = document.indexOf(s);
  return i < 0 ? null : { start: i, end: i + s.length };
}
