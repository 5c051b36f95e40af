// Pure helpers of sharing: the file name a results file is saved under (the summary of an opened
// results file is the engine's, src/engine/formats/results-summary.ts), and the workshop
// leaderboard: rows sorted by hit@5 and grouped by question set, so files evaluated on different
// questions are never ranked as if they were comparable.

import { isRecord, type ResultsSummary } from '../../engine/formats/index.ts';

export { configLabel, questionSetSignature, summarize, type ResultsSummary } from '../../engine/formats/index.ts';

export interface LeaderboardRow extends ResultsSummary {
  /** 1-based place by hit@5 (ties share a place), within its question-set group. */
  place: number;
  /** 'A', 'B', … : which question set; the largest group is 'A'. */
  group: string;
}

export interface Leaderboard {
  rows: LeaderboardRow[];
  /** Number of distinct question sets among the files. */
  groups: number;
}

function groupName(i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/**
 * Rows grouped by question set (largest group first), each group sorted by hit@5, then MRR, then
 * fewer context tokens (ctx3); places restart in each group, since only files evaluated on the same
 * questions can be ranked against each other.
 */
export function leaderboard(items: readonly ResultsSummary[]): Leaderboard {
  const bySet = new Map<string, ResultsSummary[]>();
  for (const it of items) {
    const g = bySet.get(it.questionSet);
    if (g) g.push(it);
    else bySet.set(it.questionSet, [it]);
  }
  const groups = [...bySet.values()].sort((a, b) => b.length - a.length);
  const rows: LeaderboardRow[] = [];
  groups.forEach((g, gi) => {
    const sorted = [...g].sort(
      (a, b) => b.metrics['hit@5'] - a.metrics['hit@5'] || b.metrics.mrr - a.metrics.mrr || a.metrics.ctx3 - b.metrics.ctx3,
    );
    let place = 0;
    sorted.forEach((r, i) => {
      if (i === 0 || r.metrics['hit@5'] !== sorted[i - 1].metrics['hit@5']) place = i + 1;
      rows.push({ ...r, place, group: groupName(gi) });
    });
  });
  return { rows, groups: groups.length };
}

/** Lower-case ASCII letters, digits and dashes: safe in a file name on every system. */
function slug(text: string, max = 40): string {
  const s = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s.slice(0, max).replace(/-+$/, '');
}

/**
 * A configuration's stable id, from what it is and never from a label in the page's language:
 * strategy, size, overlap, header, context, then the retriever ("structure-128-ov16-header_bm25").
 * Results file names and the per-document recipe's configuration keys use it.
 */
export function configId(config: Record<string, unknown>): string {
  const params = isRecord(config.params) ? config.params : {};
  const retriever = isRecord(config.retriever) ? config.retriever : {};
  const run: string[] = [slug(typeof config.chunker === 'string' ? config.chunker : 'run', 20) || 'run'];
  if (typeof params.maxTokens === 'number') run.push(String(params.maxTokens));
  if (typeof params.overlap === 'number' && params.overlap > 0) run.push(`ov${params.overlap}`);
  const header = config.header ?? params.header;
  if (header === true || isRecord(header)) run.push('header');
  if (isRecord(config.context)) run.push('context');
  const r: string[] = [slug(typeof retriever.kind === 'string' ? retriever.kind : '', 10)];
  if (typeof retriever.model === 'string') r.push(slug(retriever.model.split('/').pop() ?? '', 32));
  if (retriever.late === true) r.push('late');
  return [run.join('-'), r.filter(Boolean).join('-')].filter(Boolean).join('_');
}

/**
 * The name a results file is saved under, from its configuration, e.g.
 * "chunklab-results_amostra-perguntas_structure-128-ov16-header_bm25.json".
 */
export function resultsFileName(config: Record<string, unknown>, author?: string): string {
  const dataset = isRecord(config.dataset) && typeof config.dataset.name === 'string' ? slug(config.dataset.name, 32) : '';
  const parts = ['chunklab-results', author ? slug(author, 24) : '', dataset, configId(config)].filter(Boolean);
  return `${parts.join('_')}.json`;
}

/** The chunks file name for a corpus and a configuration. */
export function chunksFileName(corpusName: string, chunker: string, params: { maxTokens: number; overlap?: number; header?: boolean }): string {
  const run = [slug(chunker, 20) || 'chunks', String(params.maxTokens)];
  if (params.overlap) run.push(`ov${params.overlap}`);
  if (params.header) run.push('header');
  return `${['chunks', slug(corpusName, 32), run.join('-')].filter(Boolean).join('_')}.jsonl`;
}
