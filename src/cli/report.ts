// Readable summaries for the terminal: the metrics table with Wilson intervals, skipped questions,
// miss reasons, the twin report, and the paired comparison.
import type { ResultsFile } from '../engine/evaluation/index.ts';
import type { Comparison } from '../engine/evaluation/index.ts';
import { UNANSWERABLE } from '../engine/formats/index.ts';
import { bootstrapRate, minDetectableDifference, powerAfter } from '../engine/evaluation/index.ts';

const f3 = (x: number) => x.toFixed(3);

export function formatSummary(r: ResultsFile): string {
  const c = r.config as Record<string, any>;
  const lines: string[] = [];
  const ds = c.dataset ?? {};
  const skipped = r.skipped ?? [];
  lines.push(`dataset    ${ds.name ?? '?'} (${ds.source ?? '?'}): ${ds.documents ?? '?'} documents, ${r.questions.length} questions evaluated, ${skipped.length} skipped${ds.repaired ? `, ${ds.repaired} gold spans moved to the nearest occurrence` : ''}`);
  const p = c.params ?? {};
  const ret = c.retriever ?? {};
  const retTxt = ret.kind === 'bm25' ? `bm25 (k1 ${ret.k1}, b ${ret.b}, stop words ${ret.stopwords})` : `${ret.kind}${ret.model ? ` ${ret.model}` : ''}${ret.late ? ' late' : ''}`;
  const ctxTxt = c.context
    ? `, generated context ${c.context.model} (chunked at ${c.chunkingMaxTokens}, ${c.context.contextTokens} tokens for the sentence)`
    : c.contextBaseline
      ? `, context baseline (chunked at ${c.chunkingMaxTokens}, no sentence)`
      : '';
  const semTxt = c.semanticEmbedder ? `, vectors ${c.semanticEmbedder}` : '';
  const rrTxt = c.rerank ? `; reranked by ${c.rerank.modelId ?? c.rerank.model} (top ${c.rerank.top})` : '';
  const scopeTxt = c.scope === 'document' ? '; scope document (each question searches its gold documents only)' : '';
  lines.push(`config     ${c.chunker}${typeof c.baseline === 'string' ? ` (baseline: ${c.baseline})` : ''}${p.maxTokens ? `, max ${p.maxTokens} tokens` : ''}${p.overlap ? `, overlap ${p.overlap}` : ''}${p.header ? ', context header' : ''}${semTxt}${ctxTxt}; ${retTxt}${rrTxt}; k ${c.k}${scopeTxt}; tokenizer ${c.tokenizer}`);
  lines.push(`chunks     ${r.metrics.chunks} returned units, ${r.metrics.meanTokens.toFixed(1)} tokens on average${r.index && r.index.entries !== r.metrics.chunks ? ` (${r.index.entries} indexed)` : ''}`);
  lines.push('');
  lines.push('metric        value   95% interval');
  const rows: Array<[string, number, [number, number] | undefined]> = [
    ['hit@1', r.metrics['hit@1'], r.intervals?.['hit@1']],
    ['hit@3', r.metrics['hit@3'], r.intervals?.['hit@3']],
    ['hit@5', r.metrics['hit@5'], r.intervals?.['hit@5']],
    ['mrr', r.metrics.mrr, undefined],
    ['coverage', r.metrics.coverage, r.intervals?.coverage],
    ['recall@5', r.metrics['recall@5'], undefined],
    ['precision@5', r.metrics['precision@5'], undefined],
    ['iou@5', r.metrics['iou@5'], undefined],
    ['hit@budget', r.metrics['hit@budget'], r.intervals?.['hit@budget']],
    ['recall@budget', r.metrics['recall@budget'], undefined],
    ['precision Ω', r.metrics.precisionOmega, undefined],
  ];
  for (const [name, v, ci] of rows) lines.push(`${name.padEnd(13)} ${f3(v)}${ci ? `   [${f3(ci[0])}, ${f3(ci[1])}]` : ''}`);
  lines.push(`${'ctx3'.padEnd(12)}  ${r.metrics.ctx3.toFixed(1)} tokens`);
  lines.push(`${'budget'.padEnd(12)}  ${c.budget ?? 1024} tokens of context per question (hit@budget, recall@budget)`);
  // Enough questions? The smallest hit-rate difference this question set can detect between two
  // configurations (paired, 80% power, α 0.05) at a few assumed shares of discordant questions; and
  // hit@5's interval when whole documents are resampled (their questions share the cuts).
  const n = r.questions.length;
  if (n) {
    const pts = (psi: number) => `${(100 * minDetectableDifference(n, psi)).toFixed(1)} points at ${Math.round(psi * 100)}%`;
    lines.push(`detectable ${n} questions tell two configurations apart (paired, 80% power) only by ≥ ${pts(0.2)} discordant questions (${pts(0.1)}, ${pts(0.3)})`);
    const hits = r.questions.map((q) => q.gold.length > 0 && q.miss === undefined);
    const byDoc = bootstrapRate(r.questions, hits, { by: 'document' });
    const byQ = bootstrapRate(r.questions, hits, { by: 'question' });
    lines.push(`hit@5 boot ${f3(byDoc.estimate)} [${f3(byDoc.interval[0])}, ${f3(byDoc.interval[1])}] resampling ${byDoc.units} documents; [${f3(byQ.interval[0])}, ${f3(byQ.interval[1])}] resampling questions`);
  }
  const misses = { split: 0, 'below-k': 0, 'not-retrieved': 0 };
  for (const q of r.questions) if (q.miss) misses[q.miss]++;
  lines.push('');
  lines.push(`misses at 5: ${misses.split} split (no single unit holds the answer), ${misses['below-k']} ranked below 5, ${misses['not-retrieved']} not retrieved`);
  if (r.twins?.questions) {
    const t = r.twins;
    lines.push(`look-alikes: relevant ranked first in ${t.relevantFirst}/${t.questions} (${f3(t.rate)} [${f3(t.interval[0])}, ${f3(t.interval[1])}]), look-alike first ${t.lookAlikeFirst}, same unit ${t.sameUnit}, neither ${t.neither}`);
  }
  if (skipped.length) {
    const unanswerable = skipped.filter((s) => s.reason === UNANSWERABLE).length;
    lines.push(`skipped ${skipped.length}${unanswerable ? ` (${unanswerable} marked is_impossible, ${skipped.length - unanswerable} for other reasons)` : ''}:`);
    for (const s of skipped.slice(0, 10)) lines.push(`  ${s.id}: ${s.reason}`);
    if (skipped.length > 10) lines.push(`  … and ${skipped.length - 10} more (see "skipped" in the results file)`);
  }
  return lines.join('\n');
}

export function formatComparison(cmp: Comparison, names: [string, string]): string {
  const lines = [`${cmp.questions} paired questions; A = ${names[0]}, B = ${names[1]}`, '', 'metric   A       B       only A  only B  p (exact McNemar)'];
  for (const t of cmp.tests)
    lines.push(`${t.metric.padEnd(7)}  ${f3(t.a)}   ${f3(t.b)}   ${String(t.onlyA.length).padStart(6)}  ${String(t.onlyB.length).padStart(6)}  ${t.p < 0.0001 ? t.p.toExponential(2) : t.p.toFixed(4)}`);
  const h5 = cmp.tests[cmp.tests.length - 1];
  const list = (xs: string[]) => (xs.length ? xs.slice(0, 20).join(', ') + (xs.length > 20 ? `, … (${xs.length})` : '') : '(none)');
  lines.push('', `hit@5 only A: ${list(h5.onlyA)}`, `hit@5 only B: ${list(h5.onlyB)}`);
  const pw = powerAfter(cmp.questions, h5.onlyA.length, h5.onlyB.length, h5.p);
  const needed = Number.isFinite(pw.needed) ? `about ${pw.needed} questions` : 'no number of questions (they tie on the discordant ones)';
  lines.push(
    pw.tooFew
      ? `verdict: too few questions to tell (hit@5 p ${h5.p.toFixed(3)}); at the ${(100 * pw.discordance).toFixed(1)}% discordant questions seen, a decisive test (80% power, α 0.05) needs ${needed}`
      : `verdict: ${h5.p < 0.05 ? 'the hit@5 difference is significant' : 'no significant hit@5 difference'}; a decisive test at this discordance needs ${needed}, ${cmp.questions} given`,
  );
  return lines.join('\n');
}
