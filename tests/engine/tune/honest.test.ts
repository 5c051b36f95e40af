// tune is honest: (1) with the configuration labels shuffled, every configuration is equal by
// construction; the best one in sample still looks better than the default (the winner's curse),
// while the pick's gain over the default on the estimating half holds 0 inside its 95% interval at
// least 95% of the time over seeds. (2) With a planted best configuration, tune finds it. Real prose
// (the built-in samples, both languages) and real BM25 runs give the per-question outcomes; the
// matrix is scored once, then each seed's search reads it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, ExperimentConfig } from '../../../src/engine/evaluation/index.ts';
import { tune, tuneBaselines, tuneLabel, tuneQuestions, tuneSpace, type TuneCandidate } from '../../../src/engine/tune/index.ts';
import { bothSamples, matrixScorer, plantedDataset, scoreMatrix, shuffleLabels } from './corpus.ts';

const labelOf = (c: ExperimentConfig) => tuneLabel(c.chunker, c.params.maxTokens);
const mean = (m: ReadonlyMap<string, number>, ids: readonly string[]) => ids.reduce((s, id) => s + m.get(id)!, 0) / ids.length;

describe('labels shuffled: every configuration equal by construction', () => {
  let dataset: Dataset;
  let space: TuneCandidate[];
  let def: TuneCandidate;
  let ids: string[];
  let rows: Map<string, Map<string, number>>;
  beforeAll(async () => {
    dataset = await bothSamples();
    space = tuneSpace(['recursive', 'sentences', 'structure', 'fixed'], [64, 128, 256]);
    def = tuneBaselines(512, { baselines: [] })[0];
    ({ ids, rows } = await scoreMatrix(dataset, [...space, def]));
  });

  it('holds 0 gain inside the interval at least 95% of the time, while the in-sample best shows a gain', async () => {
    expect(ids.length).toBeGreaterThan(150);
    const questions = tuneQuestions(dataset).filter((q) => ids.includes(q.id));
    const SEEDS = 200;
    let covered = 0;
    let inSampleGains = 0;
    let inSamplePositive = 0;
    let heldOutGains = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const shuffled = shuffleLabels(rows, ids, seed);
      const r = await tune(questions, matrixScorer(shuffled, labelOf), { space, baselines: [def], seed });
      expect(r.split.by).toBe('document');
      const g = r.baselines[0].vsChosen.gain;
      if (g.low <= 0 && 0 <= g.high) covered++;
      heldOutGains += g.value;
      // In sample: the best of the grid on every question, against the default on the same questions.
      const best = Math.max(...space.map((c) => mean(shuffled.get(c.label)!, ids)));
      const gain = best - mean(shuffled.get(def.label)!, ids);
      inSampleGains += gain;
      if (gain > 0) inSamplePositive++;
    }
    expect(covered / SEEDS).toBeGreaterThanOrEqual(0.95);
    expect(inSamplePositive / SEEDS).toBeGreaterThanOrEqual(0.9);
    // The flattering in-sample gain is clearly above the held-out one, which hovers around zero.
    expect(inSampleGains / SEEDS).toBeGreaterThan(0.02);
    expect(Math.abs(heldOutGains / SEEDS)).toBeLessThan(0.01);
    expect(inSampleGains / SEEDS).toBeGreaterThan(Math.abs(heldOutGains / SEEDS) + 0.015);
  });

  it('the real, unshuffled grid is not flat (the shuffle is what makes the configurations equal)', () => {
    const means = space.map((c) => mean(rows.get(c.label)!, ids));
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(0.1);
  });
});

describe('a planted best configuration', () => {
  it('is found, and its estimate beats the default outside the interval', async () => {
    const dataset = await plantedDataset(await bothSamples(), { chunker: 'sentences', maxTokens: 128 });
    const space = tuneSpace(['recursive', 'sentences', 'structure', 'fixed'], [64, 128, 256, 512]);
    const def = tuneBaselines(512, { baselines: [] })[0];
    const { ids, rows } = await scoreMatrix(dataset, space);
    rows.set(def.label, rows.get(def.label) ?? rows.get('recursive · 512')!);
    const questions = tuneQuestions(dataset).filter((q) => ids.includes(q.id));
    for (let seed = 1; seed <= 20; seed++) {
      const scorer = matrixScorer(rows, labelOf);
      const r = await tune(questions, scorer, { space, baselines: [def], seed });
      expect(r.chosen.label).toBe('sentences · 128');
      expect(r.runs.length).toBeLessThanOrEqual(24);
      expect(r.baselines[0].vsChosen.gain.low).toBeGreaterThan(0);
      // Cheap first: the first stage runs every configuration on a sample, later ones only the promoted.
      expect(r.stages.length).toBe(2);
      expect(r.stages[0].questions).toBeLessThan(r.stages[1].questions);
      expect(r.stages[1].scored.length).toBeLessThan(r.stages[0].scored.length);
    }
  });
});
