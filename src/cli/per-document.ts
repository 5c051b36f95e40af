// `per-document <results.json | folder>...`: for each document, the configuration of a grid that scores
// best on it, with a cross-fitted gain over the best single configuration (evaluation/per-document.ts),
// the documents that changed and why, and --recipe-out: the per-document recipe file.
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { InputError } from '../engine/types.ts';
import { choiceInputFromResults, choosePerDocument, type ChoiceMetric, type PerDocumentResult, type ResultsFile } from '../engine/evaluation/index.ts';
import { readResults } from '../engine/formats/index.ts';
import { formatPerDocumentRecipe, makePerDocumentRecipe } from '../engine/recipe/index.ts';
import { readOptions, readText } from '../node/files.ts';
import { bundledTokenizerName } from './batch/tokenizer.ts';
import { checkOutPath, writeAtomic } from './common.ts';
import { readFlags } from './args.ts';

/** The results files named: files as given, folders as their .json files in name order. */
async function resultsPaths(args: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const a of args) {
    const info = await stat(a).catch(() => null);
    if (!info) throw new InputError('no such file or folder', a);
    if (info.isDirectory()) {
      const names = (await readdir(a)).filter((n) => n.toLowerCase().endsWith('.json') && !n.startsWith('.')).sort();
      if (!names.length) throw new InputError('holds no .json results files', a);
      out.push(...names.map((n) => join(a, n)));
    } else out.push(a);
  }
  return out;
}

/** Each file's name: its base name without .json, or the path as given where two base names clash. */
function namesOf(paths: readonly string[]): string[] {
  const base = paths.map((p) => basename(p).replace(/\.json$/i, ''));
  return base.map((b, i) => (base.indexOf(b) !== base.lastIndexOf(b) ? paths[i] : b));
}

/** One line on what a configuration is, from its results config. */
function describe(file: ResultsFile): string {
  const c = file.config as { chunker?: string; params?: { maxTokens?: number; overlap?: number }; retriever?: { kind?: string } | string };
  const p = c.params ?? {};
  const retriever = typeof c.retriever === 'string' ? c.retriever : (c.retriever?.kind ?? 'bm25');
  return [c.chunker ?? '?', p.maxTokens !== undefined ? `${p.maxTokens} tokens` : '', p.overlap ? `overlap ${p.overlap}` : '', retriever].filter(Boolean).join(', ');
}

const f3 = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;

export function formatPerDocument(r: PerDocumentResult, metric: ChoiceMetric, about: readonly string[]): string {
  const name = (c: number) => r.names[c];
  const lines = [
    `per-document choice on ${metric}: ${r.documents} documents, ${r.questions} questions, ${r.names.length} configurations (split seed ${r.seed})`,
    ...r.names.map((n, c) => `  ${n}: ${about[c]}`),
    `single best configuration: ${name(r.single.all)} (on the training halves: ${name(r.single.folds[0])} / ${name(r.single.folds[1])})`,
    `cross-fitted ${metric}: per document ${f3(r.crossFitted.perDocument)}, single best ${f3(r.crossFitted.single)}`,
    r.gain.resamples > 0
      ? `gain ${signed(r.gain.estimate)} [${signed(r.gain.interval[0])}, ${signed(r.gain.interval[1])}] (95%, ${r.gain.resamples} resamples of documents)`
      : `gain ${signed(r.gain.estimate)} (no interval: --resamples 0)`,
    `in sample (chosen on the very questions scored: flattering): per document ${f3(r.inSample.perDocument)}, single best ${f3(r.inSample.single)}, gain ${signed(r.inSample.gain)}`,
  ];
  const verdict =
    r.gain.resamples === 0
      ? ''
      : r.gain.interval[0] > 0
        ? 'verdict: choosing per document helps (the interval lies above zero)'
        : r.gain.interval[1] < 0
          ? 'verdict: choosing per document hurts (the interval lies below zero): keep the single best'
          : 'verdict: no gain shown (the interval holds zero): keep the single best, or add questions';
  if (verdict) lines.push(verdict);
  const changed = r.perDocument.filter((d) => d.changed);
  lines.push('', `documents that change configuration: ${changed.length} of ${r.documents}`);
  for (const d of changed) {
    const s = r.single.all;
    const halves = d.halves
      .map((h, i) => `half ${i + 1} (${h.questions.length} q): ${name(d.chosen)} ${f3(h.means[d.chosen])} vs ${name(s)} ${f3(h.means[s])}, chose ${name(h.chosen)}`)
      .join('; ');
    lines.push(`  ${d.docId} (${d.questions} questions): ${name(d.chosen)} instead of ${name(s)}, ${f3(d.means[d.chosen])} vs ${f3(d.means[s])}; ${halves}`);
  }
  const few = r.perDocument.filter((d) => d.tooFew).map((d) => d.docId);
  if (few.length) {
    const list = few.slice(0, 20).join(', ') + (few.length > 20 ? `, … (${few.length})` : '');
    lines.push(`documents with fewer than ${r.minQuestions} questions keep the single best (not split; each of their questions gains 0): ${list}`);
  }
  return lines.join('\n');
}

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('per-document', argv);
  if (!p) return 0;
  const f = p.flags;
  if (f['recipe-out']) checkOutPath(f['recipe-out'], '--recipe-out');
  const paths = await resultsPaths(p.args);
  if (paths.length < 2) throw new InputError(`expected at least two results files (or a folder of them), got ${paths.length}`, 'per-document');
  const files = await Promise.all(paths.map(async (path) => readResults(await readText(path), path, readOptions())));
  const names = namesOf(paths);
  const metric = f.metric as ChoiceMetric;
  const input = choiceInputFromResults(
    files.map((file, i) => ({ name: names[i], file, where: paths[i] })),
    metric,
  );
  const result = choosePerDocument(input, { seed: f.seed, resamples: f.resamples, minQuestions: f['min-questions'] });
  if (f['recipe-out']) {
    const recipe = makePerDocumentRecipe(
      result,
      files.map((x) => x.config),
      { metric, defaultTokenizer: await bundledTokenizerName() },
    );
    await writeAtomic(f['recipe-out'], formatPerDocumentRecipe(recipe));
  }
  if (f.json) process.stdout.write(JSON.stringify({ metric, files: paths, ...result }, null, 2) + '\n');
  else {
    console.log(formatPerDocument(result, metric, files.map(describe)));
    if (f['recipe-out']) console.log(`\nper-document recipe written to ${f['recipe-out']}`);
  }
  return 0;
}
