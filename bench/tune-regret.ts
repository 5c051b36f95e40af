// tune against the full grid: for one dataset, every configuration of the 20-configuration grid
// (recursive, sentences, structure, fixed × 64, 128, 256, 512, 1024; BM25) scored on every question,
// then `tune` (same space, at most 24 runs) for several seeds with a scorer of its own. Regret: the
// grid's best full-set hit@5 minus the full-set hit@5 of tune's pick. Also the runs, the estimate
// beside the pick's full-set score, and CPU seconds of each (the grid's and tune's), as a ratio.
//   tsx bench/tune-regret.ts <dataset> [seeds]
// Prints one JSON line.
import { cpuUsage } from 'node:process';
import { loadDataset } from '../src/node/files.ts';
import { loadDefaultTokenizer } from '../src/node/tokenizer-folder.ts';
import { selectQuestions } from '../src/engine/evaluation/index.ts';
import { experimentScorer, tune, tuneQuestions, tuneSpace } from '../src/engine/tune/index.ts';

const [path, seedsArg = '3'] = process.argv.slice(2);
const dataset = selectQuestions(await loadDataset(path), true);
const tokenizer = await loadDefaultTokenizer();
const space = tuneSpace();
const ids = dataset.questions.map((q) => q.id);
const cpu = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1e6;
};

let t0 = cpu();
const grid = experimentScorer(dataset, { tokenizer }, 'hit@5');
const full = new Map<string, number>();
for (const c of space) {
  const m = await grid.score(c.config, ids);
  full.set(c.label, [...m.values()].reduce((s, x) => s + x, 0) / m.size);
}
const gridCpu = cpu() - t0;
const best = Math.max(...full.values());
const bestLabels = [...full].filter(([, v]) => v === best).map(([l]) => l);

const picks = [];
for (let seed = 1; seed <= Number(seedsArg); seed++) {
  t0 = cpu();
  const r = await tune(tuneQuestions(dataset), experimentScorer(dataset, { tokenizer }, 'hit@5'), { seed });
  const tuneCpu = cpu() - t0;
  const pickFull = full.get(r.chosen.label)!;
  picks.push({
    seed,
    pick: r.chosen.label,
    pickFull,
    regret: best - pickFull,
    runs: r.runs.length,
    estimateRuns: r.estimateRuns,
    split: r.split.by,
    estimate: r.estimate.value,
    interval: [r.estimate.low, r.estimate.high],
    defaultEstimate: r.baselines[0].value,
    inSample: r.inSample.value,
    tuneCpu,
  });
}
console.log(
  JSON.stringify({
    dataset: path,
    questions: ids.length,
    documents: dataset.documents.length,
    gridRuns: space.length,
    gridCpu,
    best,
    bestLabels,
    grid: Object.fromEntries(full),
    picks,
  }),
);
