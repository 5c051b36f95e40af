// Question generation from start to end: plan (sample passages, build one prompt per passage, the
// estimate reads the same plan), ask (cached answers are reused, so a cancelled run resumes where it
// stopped and a rerun costs nothing), then locate every excerpt and filter, counting each rejection
// by its reason. The model's text is untrusted data: it only ever becomes strings and offsets.

import { LlmError, isAbortError, promptLanguage, type AnswerCache, type TextGenerator, type Pricing } from '../llm/index.ts';
import { hash64 } from '../util/hash.ts';
import type { Doc, Span } from '../types.ts';
import type { QuestionProvenance, QuestionSpec } from '../evaluation/dataset.ts';
import { parseQuestionAnswer } from './answer.ts';
import { answersItself, contentWords, cosine, excerptLength, jaccard, lexicalOverlap, type LengthLimits } from './filters.ts';
import { ExcerptLocator, type LocateHow } from './locate.ts';
import { QUESTION_PROMPT_VERSION, buildQuestionPrompt, type QuestionKind, type QuestionLanguage } from './prompt.ts';
import { candidatePassages, samplePassages, type Passage } from './sample.ts';

export interface GoldRange extends Span {
  docId: string;
}

export type { QuestionProvenance };

export interface GeneratedQuestion {
  id: string;
  text: string;
  gold: GoldRange[];
  /** twin: the look-alike passage that must not outrank the gold. */
  notRelevant?: GoldRange[];
  provenance: QuestionProvenance;
}

export const REJECT_REASONS = [
  'malformed-answer',
  'malformed-item',
  'no-excerpt',
  'excerpt-not-found',
  'excerpt-too-short',
  'excerpt-too-long',
  'answers-itself',
  'duplicate',
  'call-failed',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export interface RejectedQuestion {
  reason: RejectReason;
  docId: string;
  question?: string;
  excerpt?: string;
  /** call-failed: the provider's message (key-free). */
  detail?: string;
}

export interface QuestionPlanOptions {
  /** Questions in all, or… */
  count?: number;
  /** …questions per document. */
  perDocument?: number;
  /** Questions asked per call (default 2). */
  perCall?: number;
  /** 'auto' (default): each document's language (meta, else a guess). */
  language?: QuestionLanguage | 'auto';
  /** Kinds asked, in turn over the passages (default ['plain']). */
  kinds?: readonly QuestionKind[];
  seed?: number | string;
  passageTokens?: number;
  countTokens?: (text: string) => number;
}

export interface QuestionJob {
  passage: Passage;
  lookAlike?: Passage;
  kind: QuestionKind;
  language: QuestionLanguage;
  count: number;
  system: string;
  user: string;
  cacheKey: string;
}

export interface QuestionPlan {
  jobs: QuestionJob[];
  /** Questions asked for in all. */
  asked: number;
}

function nearestLookAlike(p: Passage, pool: readonly Passage[], text: (s: Passage) => string): Passage | undefined {
  const mine = contentWords(text(p));
  let best: Passage | undefined;
  let bestScore = 0;
  for (const c of pool) {
    if (c.docId === p.docId && c.start < p.end && p.start < c.end) continue;
    const s = jaccard(mine, contentWords(text(c)));
    if (s > bestScore) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}

/** The calls a run will make, in order. `model` is the provider id (part of each cache key). */
export function planQuestions(docs: readonly Doc[], model: string, opts: QuestionPlanOptions = {}): QuestionPlan {
  const perCall = Math.max(1, Math.floor(opts.perCall ?? 2));
  const total = opts.perDocument !== undefined ? Math.max(0, Math.floor(opts.perDocument)) * docs.length : Math.max(0, Math.floor(opts.count ?? 20));
  const kinds = opts.kinds?.length ? opts.kinds : (['plain'] as const);
  const byId = new Map(docs.map((d) => [d.id, d]));
  const text = (p: Passage) => byId.get(p.docId)!.text.slice(p.start, p.end);
  let passages: Passage[];
  if (opts.perDocument !== undefined) {
    const per = Math.max(0, Math.floor(opts.perDocument));
    passages = docs.flatMap((d, i) => samplePassages([d], { count: Math.ceil(per / perCall), passageTokens: opts.passageTokens, countTokens: opts.countTokens, seed: `${opts.seed ?? 0}:${i}` }));
  } else {
    // At least one passage per document while the total allows, never more passages than questions.
    const n = Math.min(total, Math.max(Math.ceil(total / perCall), docs.length));
    passages = samplePassages(docs, { count: n, passageTokens: opts.passageTokens, countTokens: opts.countTokens, seed: opts.seed });
  }
  const pool = kinds.includes('twin') ? docs.flatMap((d) => candidatePassages(d, opts.passageTokens ?? 300, opts.countTokens)) : [];
  // Questions per passage: the total spread evenly (per document with perDocument), at most perCall each.
  const counts = new Array<number>(passages.length).fill(0);
  const groups = new Map<string, number[]>();
  passages.forEach((p, i) => {
    const key = opts.perDocument !== undefined ? p.docId : '';
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const idx of groups.values()) {
    const want = opts.perDocument !== undefined ? Math.max(0, Math.floor(opts.perDocument)) : total;
    idx.forEach((i, k) => (counts[i] = Math.min(perCall, Math.floor(want / idx.length) + (k < want % idx.length ? 1 : 0))));
  }
  const jobs: QuestionJob[] = [];
  passages.forEach((passage, i) => {
    const count = counts[i];
    if (count <= 0) return;
    const doc = byId.get(passage.docId)!;
    let kind = kinds[i % kinds.length];
    const lookAlike = kind === 'twin' ? nearestLookAlike(passage, pool, text) : undefined;
    if (kind === 'twin' && !lookAlike) kind = 'plain';
    const language: QuestionLanguage = opts.language && opts.language !== 'auto' ? opts.language : promptLanguage(doc);
    const prompt = buildQuestionPrompt({
      language,
      kind,
      title: doc.meta.title ?? doc.id,
      path: passage.headingPath.join(' > '),
      passage: text(passage),
      lookAlike: lookAlike && text(lookAlike),
      count,
    });
    const cacheKey = `q:${hash64([model, QUESTION_PROMPT_VERSION, prompt.system, prompt.user].join('\u0000'))}`;
    jobs.push({ passage, lookAlike, kind, language, count, system: prompt.system, user: prompt.user, cacheKey });
  });
  return { jobs, asked: jobs.reduce((a, j) => a + j.count, 0) };
}

export interface QuestionEstimate {
  calls: number;
  asked: number;
  inputTokens: number;
  outputTokens: number;
  /** Dollars; null without pricing. */
  costUSD: number | null;
  /** Calls already answered in the cache (free). */
  cached: number;
}

/** Output tokens a call may write, per question asked (default budget per call = 150 × count + 50). */
export const OUTPUT_TOKENS_PER_QUESTION = 150;

export async function estimateQuestions(plan: QuestionPlan, opts: { pricing?: Pricing; countTokens?: (t: string) => number; cache?: AnswerCache } = {}): Promise<QuestionEstimate> {
  const count = opts.countTokens ?? ((t: string) => Math.ceil(t.length / 4));
  let inputTokens = 0;
  let outputTokens = 0;
  let cached = 0;
  for (const j of plan.jobs) {
    const hit = opts.cache ? await opts.cache.get(j.cacheKey) : undefined;
    if (hit !== undefined && parseQuestionAnswer(hit).questions) {
      cached++;
      continue;
    }
    inputTokens += count(j.system) + count(j.user);
    outputTokens += OUTPUT_TOKENS_PER_QUESTION * j.count + 50;
  }
  const p = opts.pricing;
  const costUSD = p ? (inputTokens * p.inputPerMillion + outputTokens * p.outputPerMillion) / 1e6 : null;
  return { calls: plan.jobs.length - cached, asked: plan.asked, inputTokens, outputTokens, costUSD, cached };
}

export interface QuestionProgress {
  done: number;
  total: number;
  calls: number;
  cached: number;
  kept: number;
}

export interface GenerateQuestionsOptions extends LengthLimits {
  provider: TextGenerator;
  cache?: AnswerCache;
  signal?: AbortSignal;
  onProgress?: (p: QuestionProgress) => void;
  /** Question texts already in the set: new ones too close to them are duplicates. */
  existing?: readonly string[];
  /** Word-set Jaccard at or above which two questions are duplicates (default 0.8). */
  duplicateJaccard?: number;
  /** Embeds questions (a loaded model): duplicates by meaning too. */
  embed?: (texts: string[]) => Promise<ArrayLike<number>[]>;
  /** Cosine at or above which two questions are duplicates (default 0.95). */
  duplicateCosine?: number;
  /** When a call fails after its retries: 'stop' (default) rethrows, 'skip' counts it and goes on. */
  onCallError?: 'stop' | 'skip';
}

export interface QuestionReport {
  asked: number;
  /** Question items the model returned (well-formed or not). */
  received: number;
  kept: GeneratedQuestion[];
  rejected: RejectedQuestion[];
  counts: Record<RejectReason, number>;
  calls: number;
  cached: number;
}

function mergeSpans(spans: GoldRange[]): GoldRange[] {
  const sorted = spans.slice().sort((a, b) => (a.docId < b.docId ? -1 : a.docId > b.docId ? 1 : a.start - b.start));
  const out: GoldRange[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && last.docId === s.docId && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/**
 * A question as shown and stored: control characters (C0 other than whitespace, DEL, C1), bidi
 * overrides and isolates, and lone surrogates removed; whitespace runs folded to one space. A
 * question left empty is malformed.
 */
export function cleanQuestionText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Runs the plan: ask (or read the cache), locate, filter. */
export async function generateQuestions(docs: readonly Doc[], plan: QuestionPlan, opts: GenerateQuestionsOptions): Promise<QuestionReport> {
  const byId = new Map(docs.map((d) => [d.id, d]));
  const locators = new Map<string, ExcerptLocator>();
  const locator = (docId: string) => {
    let l = locators.get(docId);
    if (!l) locators.set(docId, (l = new ExcerptLocator(byId.get(docId)!.text)));
    return l;
  };
  const report: QuestionReport = {
    asked: plan.asked,
    received: 0,
    kept: [],
    rejected: [],
    counts: Object.fromEntries(REJECT_REASONS.map((r) => [r, 0])) as Record<RejectReason, number>,
    calls: 0,
    cached: 0,
  };
  const reject = (r: RejectedQuestion) => {
    report.rejected.push(r);
    report.counts[r.reason]++;
  };
  const seen: Set<string>[] = (opts.existing ?? []).map((q) => contentWords(q));
  const seenVectors: ArrayLike<number>[] = opts.embed && opts.existing?.length ? await opts.embed([...opts.existing]) : [];
  const jac = opts.duplicateJaccard ?? 0.8;
  const cos = opts.duplicateCosine ?? 0.95;
  const ids = new Set<string>();
  const progress = (done: number) => opts.onProgress?.({ done, total: plan.jobs.length, calls: report.calls, cached: report.cached, kept: report.kept.length });
  progress(0);

  for (let j = 0; j < plan.jobs.length; j++) {
    if (opts.signal?.aborted) throw Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const job = plan.jobs[j];
    let answer = opts.cache ? await opts.cache.get(job.cacheKey) : undefined;
    // Only well-formed answers are kept (below); one cached by an older version is asked again.
    if (answer !== undefined && !parseQuestionAnswer(answer).questions) answer = undefined;
    let fresh = false;
    if (answer !== undefined) report.cached++;
    else {
      try {
        const r = await opts.provider.generate(
          { system: job.system, user: job.user },
          { maxTokens: OUTPUT_TOKENS_PER_QUESTION * job.count + 50, signal: opts.signal, json: true },
        );
        report.calls++;
        answer = r.text;
        fresh = true;
      } catch (e) {
        if (isAbortError(e)) throw e;
        // One reply the server sent but that is unusable (not JSON, no content, over the size cap)
        // is skipped and counted like a malformed answer, whatever onCallError says: it says
        // nothing about the next call. A failure of the service itself stops unless told to skip.
        const malformed = e instanceof LlmError && e.kind === 'bad-response';
        if (!malformed && opts.onCallError !== 'skip') throw e;
        report.calls++;
        reject({ reason: malformed ? 'malformed-answer' : 'call-failed', docId: job.passage.docId, detail: e instanceof Error ? e.message : String(e) });
        progress(j + 1);
        continue;
      }
    }
    const parsed = parseQuestionAnswer(answer);
    const docId = job.passage.docId;
    if (!parsed.questions) {
      // Not cached: a rerun asks this passage again instead of meeting the same bad answer forever.
      reject({ reason: 'malformed-answer', docId, detail: answer.slice(0, 200) });
      progress(j + 1);
      continue;
    }
    if (fresh) await opts.cache?.set(job.cacheKey, answer);
    report.received += parsed.questions.length + parsed.malformedItems;
    for (let k = 0; k < parsed.malformedItems; k++) reject({ reason: 'malformed-item', docId });
    for (const raw of parsed.questions) {
      const question = cleanQuestionText(raw.question);
      const excerpts = raw.excerpts.map((e) => e.trim()).filter(Boolean);
      if (!question) {
        reject({ reason: 'malformed-item', docId });
        continue;
      }
      if (!excerpts.length) {
        reject({ reason: 'no-excerpt', docId, question });
        continue;
      }
      const bad = excerpts.map((e) => [e, excerptLength(e, opts)] as const).find(([, v]) => v !== 'ok');
      if (bad) {
        reject({ reason: bad[1] === 'too-short' ? 'excerpt-too-short' : 'excerpt-too-long', docId, question, excerpt: bad[0] });
        continue;
      }
      const found = excerpts.map((e) => locator(docId).locate(e, job.passage));
      const missing = found.findIndex((f) => !f);
      if (missing !== -1) {
        reject({ reason: 'excerpt-not-found', docId, question, excerpt: excerpts[missing] });
        continue;
      }
      if (answersItself(question, excerpts)) {
        reject({ reason: 'answers-itself', docId, question });
        continue;
      }
      const words = contentWords(question);
      let dup = seen.some((s) => jaccard(s, words) >= jac);
      let vector: ArrayLike<number> | undefined;
      if (!dup && opts.embed) {
        vector = (await opts.embed([question]))[0];
        dup = seenVectors.some((v) => cosine(v, vector!) >= cos);
      }
      if (dup) {
        reject({ reason: 'duplicate', docId, question });
        continue;
      }
      seen.push(words);
      if (vector) seenVectors.push(vector);
      let id = `gen-${hash64(`${docId}\u0000${question}`).slice(0, 10)}`;
      for (let n = 2; ids.has(id); n++) id = `${id}-${n}`;
      ids.add(id);
      const q: GeneratedQuestion = {
        id,
        text: question,
        gold: mergeSpans(found.map((f) => ({ docId, start: f!.start, end: f!.end }))),
        provenance: {
          model: opts.provider.id,
          promptVersion: QUESTION_PROMPT_VERSION,
          kind: job.kind,
          passage: { docId, start: job.passage.start, end: job.passage.end },
          overlap: Math.round(lexicalOverlap(question, excerpts) * 1000) / 1000,
          located: found.map((f) => f!.how),
        },
      };
      if (job.lookAlike) q.notRelevant = [{ docId: job.lookAlike.docId, start: job.lookAlike.start, end: job.lookAlike.end }];
      report.kept.push(q);
    }
    progress(j + 1);
  }
  return report;
}

/** Generated questions as question specs for a dataset: gold spans, look-alikes, provenance, "unreviewed". */
export function toQuestionSpecs(kept: readonly GeneratedQuestion[], review: QuestionSpec['review'] = 'unreviewed'): QuestionSpec[] {
  return kept.map((q) => {
    const spec: QuestionSpec = { id: q.id, text: q.text, gold: q.gold.map((g) => ({ ...g })), review, provenance: q.provenance, tags: ['generated', q.provenance.kind] };
    if (q.notRelevant?.length) spec.notRelevant = q.notRelevant.map((g) => ({ ...g }));
    return spec;
  });
}
