// The scope lesson's claim is computed from its own runs: the lesson's grid run by the engine on the
// built-in samples, the cells and the flip found by src/app/lessons/scope-flip.ts, checked against
// hit rates recomputed here from each results file's rankings and chunk ranges.
import { describe, expect, test } from 'vitest';
import { LESSONS, lessonGrid } from '../../../src/app/lessons/presets.ts';
import { expandGrid, runKey } from '../../../src/app/experiments/model.ts';
import { bareConfig, scopeCells, widestFlip, FLIP_METRICS } from '../../../src/app/lessons/scope-flip.ts';
import { loadDataset } from '../../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { runExperiment } from '../../../src/engine/evaluation/experiment.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/types.ts';

const SAMPLES = new URL('../../../public/samples/', import.meta.url).pathname;

/** hit@k by hand: some unit among the first k holds every gold span. */
function hitAt(file: ResultsFile, k: number): number {
  const byId = new Map(file.chunks.map((c) => [c.id, c]));
  let hits = 0;
  for (const q of file.questions) {
    const top = q.ranked.slice(0, k).map((id) => byId.get(id)!);
    if (q.gold.length && q.gold.every((g) => top.some((u) => u.docId === g.docId && u.start <= g.start && g.end <= u.end))) hits++;
  }
  return hits / file.questions.length;
}

describe('scope lesson', () => {
  const lesson = LESSONS.find((l) => l.id === 'scope')!;

  for (const lang of ['pt-BR', 'en'] as const) {
    test(`its grid runs every configuration in both scopes, and its claim matches the files (${lang})`, async () => {
      const ds = await loadDataset(`${SAMPLES}${lang}`);
      const tokenizer = await loadDefaultTokenizer();
      const { runs } = expandGrid(lessonGrid(lesson.arms[0], { sample: lang }, 'scope'));
      expect(runs.length).toBe(8);
      expect(runs.filter((r) => r.config.scope === 'document').length).toBe(4);
      const saved: { createdAt: number; file: ResultsFile }[] = [];
      for (const [i, r] of runs.entries()) saved.push({ createdAt: i, file: await runExperiment(ds, r.config, { tokenizer }) });
      for (const s of saved) {
        expect(s.file.metrics['hit@1']).toBeCloseTo(hitAt(s.file, 1), 12);
        expect(s.file.metrics['hit@5']).toBeCloseTo(hitAt(s.file, 5), 12);
      }
      const cells = scopeCells(saved);
      expect(cells.length).toBe(4);
      // Brute force over the files: is there a pair whose order flips between the scopes?
      const files = (key: string, scope: string) => saved.find((s) => runKey(bareConfig(s.file.config as never)) === key && (s.file.config.scope ?? 'corpus') === scope)!.file;
      let anyFlip = false;
      for (const m of FLIP_METRICS)
        for (const a of cells)
          for (const b of cells) {
            const k = m === 'hit@1' ? 1 : 5;
            const [ac, bc, ad, bd] = [hitAt(files(a.key, 'corpus'), k), hitAt(files(b.key, 'corpus'), k), hitAt(files(a.key, 'document'), k), hitAt(files(b.key, 'document'), k)];
            if (ac > bc && ad < bd) anyFlip = true;
          }
      const flip = widestFlip(cells);
      expect(!!flip).toBe(anyFlip);
      if (flip) {
        expect(flip.corpusWinner.corpus[flip.metric]).toBeGreaterThan(flip.documentWinner.corpus[flip.metric]);
        expect(flip.corpusWinner.document[flip.metric]).toBeLessThan(flip.documentWinner.document[flip.metric]);
      }
      // On the Portuguese sample the order does flip (found with the CLI: structure 256 vs small-to-big 64, hit@1).
      if (lang === 'pt-BR') expect(flip).toBeDefined();
    });
  }
});
