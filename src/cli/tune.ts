// `tune`: recommend a configuration with an estimate it did not choose on (src/engine/tune). Reads the
// dataset, wires the tokenizer (and a model for dense/hybrid), runs the engine's search with the
// experiment pipeline as its scorer, and prints the pick, its estimate beside the default and the
// baselines, the path of the search, and the recipe (--out). Flags and --help: src/cli/commands.ts.
import { InputError, type ChunkerId } from '../engine/types.ts';
import { LEXICAL_EMBEDDER_ID } from '../engine/embedding/index.ts';
import { selectQuestions, type ExperimentDeps, type RetrieverConfig } from '../engine/evaluation/index.ts';
import { formatRecipe } from '../engine/recipe/index.ts';
import { experimentScorer, tune, tuneBaselines, tuneQuestions, tuneRecipe, tuneSpace, type TuneReport } from '../engine/tune/index.ts';
import { loadDataset } from '../node/files.ts';
import { readFlags } from './args.ts';
import type { FlagValues } from './commands.ts';
import { checkOutPath, chooseTokenizer, lexicalEmbed, writeAtomic } from './common.ts';
import type { ModelDeps } from './retrievers.ts';

type Flags = FlagValues<'tune'>;

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('tune', argv);
  if (!p) return 0;
  const f = p.flags;
  if (f.out !== undefined) checkOutPath(f.out);
  if (f.retriever !== 'bm25' && !f.model) throw new InputError(`--retriever ${f.retriever} needs --model <id-or-dir>`, 'tune');
  const loaded = await loadDataset(f.dataset);
  const dataset = selectQuestions(loaded, !f['reviewed-only']);
  if (!dataset.questions.length) throw new InputError('no questions to tune on (none in the dataset, or all unreviewed with --reviewed-only, or rejected)', f.dataset);
  if (dataset.unreviewed) console.error(`questions  ${dataset.unreviewed} generated question${dataset.unreviewed === 1 ? ' is' : 's are'} unreviewed and included (--reviewed-only leaves them out)`);

  let model: ModelDeps | undefined;
  const retriever: RetrieverConfig = { kind: f.retriever };
  let deps: ExperimentDeps;
  if (f.model) {
    const { loadModelDeps } = await import('./retrievers.ts');
    model = await loadModelDeps(f.model, { dtype: f.dtype, cacheDir: f['no-cache'] ? null : f['cache-dir'] });
    Object.assign(retriever, model.config, { kind: f.retriever });
    deps = { tokenizer: model.tokenizer, embed: model.embed, createRetriever: model.createRetriever };
  } else deps = { tokenizer: await chooseTokenizer(f.tokenizer) };
  try {
    const chunkers = [...new Set(f.chunkers)] as ChunkerId[];
    const sizes = [...new Set(f.sizes.map(Number))];
    const space = tuneSpace(chunkers, sizes, { k: f.k });
    if (chunkers.includes('semantic')) {
      // Without a model the semantic chunker's vectors come from the lexical embedder (as in eval).
      if (!f.model) deps.embedFor = lexicalEmbed();
      for (const c of space) if (c.config.chunker === 'semantic') c.config.semanticEmbedder = f.model ? model!.config.modelId : LEXICAL_EMBEDDER_ID;
    }
    const scorer = experimentScorer(dataset, deps, f.metric);
    const started = Date.now();
    let said = '';
    const report = await tune(tuneQuestions(dataset), scorer, {
      metric: f.metric,
      seed: f.seed,
      maxRuns: f.minutes !== undefined ? Number.MAX_SAFE_INTEGER : f['max-runs'],
      deadline: f.minutes !== undefined ? started + f.minutes * 60_000 : undefined,
      retriever,
      space,
      baselines: tuneBaselines(undefined, { k: f.k }),
      onProgress: (e) => {
        const line = e.phase === 'search' ? `run ${e.done + 1}/${e.total}  stage ${(e.stage ?? 0) + 1}  ${e.label}` : `estimate ${e.done + 1}/${e.total}  ${e.label}`;
        if (line !== said) console.error((said = line));
      },
    });
    const recipe = tuneRecipe(report, deps.tokenizer.name);
    if (f.out) await writeAtomic(f.out, formatRecipe(recipe));
    if (f.json) process.stdout.write(JSON.stringify(tuneJson(report, deps.tokenizer.name, recipe, f.dataset), null, 2) + '\n');
    else console.log(formatTune(report, f.out, f.dataset));
  } finally {
    await model?.dispose();
  }
  return 0;
}

/** The --json object (docs/CONTRACT.md "tune"): the report with the pick as a config `eval --recipe` accepts. */
export function tuneJson(r: TuneReport, tokenizer: string, recipe: unknown, dataset: string) {
  const c = r.chosen.config;
  return {
    format: 'chunklab-tune',
    version: 1,
    dataset,
    seed: r.seed,
    metric: r.metric,
    chosen: { label: r.chosen.label, chunker: c.chunker, params: c.params, retriever: c.retriever, k: c.k ?? 10, tokenizer },
    recipe,
    estimate: r.estimate,
    inSample: r.inSample,
    baselines: r.baselines.map((b) => ({ label: b.label, chunker: b.config.chunker, params: b.config.params, value: b.value, low: b.low, high: b.high, vsChosen: b.vsChosen })),
    split: r.split,
    space: r.space,
    trimmed: r.trimmed,
    runs: r.runs,
    searchRuns: r.runs.length,
    estimateRuns: r.estimateRuns,
    stages: r.stages,
    family: r.family,
    flips: r.flips,
    ...(r.stoppedEarly ? { stoppedEarly: r.stoppedEarly } : {}),
  };
}

const f3 = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
const pv = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/** The terminal summary. */
export function formatTune(r: TuneReport, out: string | undefined, dataset: string): string {
  const L: string[] = [];
  const s = r.split;
  const how = s.by === 'document' ? `by document (${s.documents} documents)` : `by question: only ${s.documents} document${s.documents === 1 ? '' : 's'} (fewer than 10), so a document's questions can fall in both halves`;
  L.push(`questions  ${s.choosing + s.estimating}, split once ${how}: ${s.choosing} to choose on, ${s.estimating} to estimate on (seed ${r.seed})`);
  const stages = r.stages.map((st) => `${st.scored.length} with ${st.retriever} on ${st.questions} questions`).join(', then ');
  L.push(`search     ${r.space} configurations${r.trimmed ? ` (${r.trimmed} left out: --max-runs)` : ''}, ${r.runs.length} runs: ${stages}`);
  if (r.stoppedEarly) L.push(`           stopped early: ${r.stoppedEarly}`);
  L.push(`pick       ${r.chosen.label} · ${r.retriever}   ${r.metric} ${f3(r.inSample.value)} on the ${r.inSample.questions} questions it was chosen on (optimistic: the best of many)`);
  const e = r.estimate;
  L.push(`estimate   ${e.metric} ${f3(e.value)} (95% interval ${f3(e.low)} to ${f3(e.high)}) on the ${e.questions.length} estimating questions, which took no part in the choice`);
  L.push('');
  const width = Math.max(26, ...r.baselines.map((b) => b.label.length + 12));
  L.push(`${'on the same questions'.padEnd(width)}${e.metric.padStart(7)}  interval       pick − it  interval          p`);
  r.baselines.forEach((b, i) => {
    const name = `${b.label}${i === 0 ? ' (default)' : ''}`;
    const g = b.vsChosen.gain;
    L.push(`${name.padEnd(width)}${f3(b.value).padStart(7)}  ${f3(b.low)}–${f3(b.high)}   ${signed(g.value).padStart(7)}  ${signed(g.low)} to ${signed(g.high)}  ${pv(b.vsChosen.p)}`);
  });
  const def = r.baselines[0];
  L.push(`           ${def.vsChosen.onlyChosen.length} questions only the pick gets, ${def.vsChosen.onlyBaseline.length} only the default gets (${def.vsChosen.test === 'mcnemar' ? 'exact McNemar' : 'sign-flip test'})`);
  L.push('');
  L.push(...pathLines(r));
  const why = whyNotLine(r);
  if (why) L.push(`why        ${why}`);
  if (out) L.push(`recipe     ${out}: npm run cli -- eval --recipe ${out} --dataset ${dataset}${r.retriever !== 'bm25' ? ` --retriever ${r.retriever} --model <the same model>` : ''}`);
  return L.join('\n');
}

/** Each stage: who went on and who was dropped, with their scores. */
function pathLines(r: TuneReport): string[] {
  return r.stages.map((st, i) => {
    const head = `stage ${i + 1}  ${st.retriever}, ${st.questions} questions:`;
    const list = st.scored.map((c) => `${c.label} ${f3(c.score)}${c.promoted ? ' ↑' : ''}`).join(', ');
    return `${head} ${list}`;
  });
}

/** "why not bigger/smaller": the pick's family across sizes at the first stage. */
export function whyNotLine(r: Pick<TuneReport, 'family' | 'metric' | 'stages'>): string | null {
  const i = r.family.findIndex((x) => x.chosen);
  if (i < 0 || r.family.length < 2) return null;
  const me = r.family[i];
  const parts: string[] = [];
  const smaller = r.family[i - 1];
  const bigger = r.family[i + 1];
  if (smaller) parts.push(`smaller (${smaller.maxTokens}) ${f3(smaller.score)}`);
  parts.push(`the pick (${me.maxTokens}) ${f3(me.score)}`);
  if (bigger) parts.push(`bigger (${bigger.maxTokens}) ${f3(bigger.score)}`);
  return `${r.metric} of ${me.label.split(' · ')[0]} across sizes on the first stage's ${r.stages[0].questions} questions: ${parts.join(', ')}`;
}
