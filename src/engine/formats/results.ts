// The results file (docs/CONTRACT.md): written by the CLI's --out/--json and the playground's "share
// results"; read back by the playground, `compare` and outside tools. Reading validates every
// field (an opened file is untrusted) and rescoring recomputes metrics from the file's own chunks
// and rankings rather than trusting the stored numbers.
import { InputError } from '../types.ts';
import type { GoldSpan } from '../types.ts';
import type { Metrics, ResultsChunk, ResultsFile, ResultsQuestion } from '../evaluation/types.ts';
import { LATER_METRIC_KEYS, METRIC_KEYS } from '../evaluation/types.ts';
import { rescore } from '../evaluation/rescore.ts';
import { arr, int, isObj, num, obj, parseJson, str, strMap, type ReadOptions, preview, idOf } from './limits.ts';

export const RESULTS_FORMAT = 'chunklab-results';

function readSpans(v: unknown, what: string, where: string): GoldSpan[] {
  return arr(v, what, where).map((g, i) => {
    const w = `${where}, ${what} ${i + 1}`;
    const o = obj(g, 'a span', w);
    const span = { docId: str(o.docId, 'docId', w), start: int(o.start, 'start', w), end: int(o.end, 'end', w) };
    if (span.start >= span.end) throw new InputError(`empty or reversed span [${span.start}, ${span.end})`, w);
    return span;
  });
}

export function readResults(text: string, file = 'results.json', opts: ReadOptions = {}): ResultsFile {
  const root = obj(parseJson(text, file, opts), 'the file', file);
  if (root.format !== RESULTS_FORMAT) throw new InputError(`"format" must be "${RESULTS_FORMAT}", got ${preview(root.format)}`, file);
  if (root.version !== 1) throw new InputError(`unsupported version ${preview(root.version)} (this build reads version 1)`, file);
  const config = root.config === undefined ? {} : obj(root.config, '"config"', file);
  checkRunConfig(config, file);
  const ids = new Set<string>();
  const chunks: ResultsChunk[] = arr(root.chunks, '"chunks"', file).map((c, i) => {
    const w = `${file}: chunks[${i}]`;
    const o = obj(c, 'a chunk', w);
    const chunk = { id: str(o.id, 'id', w), docId: str(o.docId, 'docId', w), start: int(o.start, 'start', w), end: int(o.end, 'end', w), tokens: int(o.tokens, 'tokens', w) };
    if (chunk.start > chunk.end) throw new InputError(`reversed range [${chunk.start}, ${chunk.end})`, `${w} (${chunk.id})`);
    if (ids.has(chunk.id)) throw new InputError(`duplicate chunk id "${chunk.id}"`, w);
    ids.add(chunk.id);
    return chunk;
  });
  const qids = new Set<string>();
  const questions: ResultsQuestion[] = arr(root.questions, '"questions"', file).map((q, i) => {
    const o = obj(q, 'a question', `${file}: questions[${i}]`);
    const id = idOf(o.id, 'id', `${file}: questions[${i}]`);
    const w = `${file}: question ${id}`;
    if (qids.has(id)) throw new InputError('duplicate question id', w);
    qids.add(id);
    const ranked = arr(o.ranked, '"ranked"', w).map((r, ri) => {
      const rid = str(r, `ranked[${ri}]`, w);
      if (!ids.has(rid)) throw new InputError(`ranked[${ri}] "${rid}" is not in "chunks"`, w);
      return rid;
    });
    const out: ResultsQuestion = { id, text: str(o.text, 'text', w, { empty: true }), gold: readSpans(o.gold, 'gold', w), ranked };
    if (o.scores !== undefined) out.scores = arr(o.scores, '"scores"', w).map((s, si) => num(s, `scores[${si}]`, w));
    if (o.notRelevant !== undefined) out.notRelevant = readSpans(o.notRelevant, 'notRelevant', w);
    const filter = strMap(o.filter, 'filter', w);
    if (filter) out.filter = filter;
    if (o.tags !== undefined) out.tags = arr(o.tags, 'tags', w).map((t, ti) => str(t, `tags[${ti}]`, w));
    return out;
  });
  const m = obj(root.metrics, '"metrics"', file);
  // Metrics added later (budget ones) may be absent from older files; they are recomputed anyway.
  const metrics = Object.fromEntries(
    METRIC_KEYS.filter((k) => m[k] !== undefined || !LATER_METRIC_KEYS.includes(k)).map((k) => [k, num(m[k], `metrics["${k}"]`, file)]),
  ) as Metrics;
  const out: ResultsFile = { format: RESULTS_FORMAT, version: 1, config, chunks, questions, metrics, offsets: 'codepoint' };
  if (Array.isArray(root.skipped))
    out.skipped = root.skipped.filter(isObj).map((s) => ({ id: flat(s.id), reason: flat(s.reason) }));
  if (isObj(root.index) && typeof root.index.entries === 'number' && typeof root.index.meanTokens === 'number')
    out.index = { entries: root.index.entries, meanTokens: root.index.meanTokens };
  return rescore(out);
}

/** A skipped entry's field as text: strings and numbers as they are, anything else a bounded preview. */
function flat(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : preview(v);
}

/**
 * The run settings the metrics depend on, checked when present: budget (whole number >= 1), scope
 * ('corpus' | 'document'), rerank ({model, top}). Absent ones take their defaults.
 */
function checkRunConfig(config: Record<string, unknown>, file: string): void {
  if (config.budget !== undefined) int(config.budget, 'config.budget', file, 1);
  if (config.scope !== undefined && config.scope !== 'corpus' && config.scope !== 'document') {
    throw new InputError(`config.scope must be "corpus" or "document", got ${preview(config.scope)}`, file);
  }
  if (config.rerank !== undefined) {
    const r = obj(config.rerank, 'config.rerank', file);
    str(r.model, 'config.rerank.model', file);
    int(r.top, 'config.rerank.top', file, 1);
  }
}

export function writeResults(file: ResultsFile): string {
  return JSON.stringify(file, null, 2) + '\n';
}
