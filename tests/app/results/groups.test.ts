// The Results view's grouping model on real engine results (the Portuguese sample, BM25): identical
// runs (same configuration, same questions) collapse into one row counting its repeats, a run on other
// questions or with another setting stays apart, each row sits in the group of its newest run, groups
// come newest first, and the filters pick by strategy, retriever, corpus and group.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { loadDataset } from '../../../src/node/files.ts';
import { runExperiment, type ExperimentConfig } from '../../../src/engine/evaluation/experiment.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/types.ts';
import { dedupe, groupRows, identity, matches, LOOSE_GROUP, type RowInfo } from '../../../src/app/results/groups.ts';
import type { ResultsGroup } from '../../../src/app/state/types.ts';

const cfg = (chunker: 'fixed' | 'structure', maxTokens = 128): ExperimentConfig => ({ chunker, params: { maxTokens, overlap: 0 }, header: false, retriever: { kind: 'bm25' }, k: 10 });

let fixed: ResultsFile;
let fixedAgain: ResultsFile;
let structure: ResultsFile;
let fixedFewer: ResultsFile;
let fixed96: ResultsFile;

beforeAll(async () => {
  const tokenizer = await loadDefaultTokenizer();
  const ds = await loadDataset('public/samples/pt-BR');
  fixed = await runExperiment(ds, cfg('fixed'), { tokenizer });
  fixedAgain = await runExperiment(ds, cfg('fixed'), { tokenizer });
  structure = await runExperiment(ds, cfg('structure'), { tokenizer });
  fixed96 = await runExperiment(ds, cfg('fixed', 96), { tokenizer });
  // The same configuration on fewer questions: another experiment.
  fixedFewer = await runExperiment({ ...ds, questions: ds.questions.slice(0, 20) }, cfg('fixed'), { tokenizer });
});

const group = (id: string, at: number, label = ''): ResultsGroup => ({ id, kind: label ? 'lesson' : 'grid', label, at });
let n = 0;
const row = (file: ResultsFile, createdAt: number, g?: ResultsGroup, corpusId = 'c1'): RowInfo => ({ id: `r${++n}`, name: String(file.config.chunker), stored: String(file.config.chunker), createdAt, dataset: 'd', file, corpusId, group: g });

describe('identity', () => {
  test('two runs of one configuration on the same questions are the same experiment', () => {
    expect(identity(row(fixed, 1))).toBe(identity(row(fixedAgain, 2)));
    expect(fixed.metrics).toEqual(fixedAgain.metrics);
  });
  test('another setting or other questions make another experiment', () => {
    expect(identity(row(fixed, 1))).not.toBe(identity(row(fixed96, 1)));
    expect(identity(row(fixed, 1))).not.toBe(identity(row(structure, 1)));
    expect(identity(row(fixed, 1))).not.toBe(identity(row(fixedFewer, 1)));
  });
  test('key order in the stored configuration does not matter', () => {
    const reordered = { ...fixed, config: Object.fromEntries(Object.entries(fixed.config).reverse()) };
    expect(identity(row(reordered, 1))).toBe(identity(row(fixed, 1)));
  });
});

describe('dedupe and groups', () => {
  test('repeats collapse into the newest run, which sits in its own (newest) group', () => {
    const g1 = group('g1', 100);
    const g2 = group('g2', 200, 'Lesson');
    const a = row(fixed, 110, g1);
    const b = row(structure, 120, g1);
    const c = row(fixed96, 130, g1);
    const d = row(fixedAgain, 210, g2);
    const e = row(fixedFewer, 50);
    const all = [a, b, c, d, e];
    const unique = dedupe(all);
    expect(unique.map((u) => u.id).sort()).toEqual([b.id, c.id, d.id, e.id].sort());
    const fx = unique.find((u) => u.id === d.id)!;
    expect(fx.repeats).toEqual([d.id, a.id]);
    expect(fx.differs).toBe(false);
    for (const u of unique.filter((x) => x.id !== d.id)) expect(u.repeats).toEqual([u.id]);

    const groups = groupRows(all, unique);
    expect(groups.map((g) => g.id)).toEqual(['g2', 'g1', LOOSE_GROUP]);
    expect(groups[0].rows.map((r) => r.id)).toEqual([d.id]);
    expect(groups[1].ids).toEqual([a.id, b.id, c.id]);
    expect(groups[1].rows.map((r) => r.id).sort()).toEqual([b.id, c.id].sort());
    expect(groups[2].kind).toBe('loose');
    expect(groups[0].kind).toBe('lesson');
  });

  test('repeats with other numbers are flagged', () => {
    const changed = { ...fixedAgain, metrics: { ...fixedAgain.metrics, 'hit@5': fixedAgain.metrics['hit@5'] / 2 } };
    const [u] = dedupe([row(fixed, 1), row(changed, 2)]);
    expect(u.repeats.length).toBe(2);
    expect(u.differs).toBe(true);
  });

  test('filters pick by strategy, retriever, corpus and group', () => {
    const g1 = group('g1', 100);
    const rows = [row(fixed, 1, g1, 'c1'), row(structure, 2, g1, 'c2'), row(fixed96, 3, undefined, 'c1')];
    expect(rows.filter((r) => matches(r, { strategy: 'fixed' })).length).toBe(2);
    expect(rows.filter((r) => matches(r, { retriever: 'bm25' })).length).toBe(3);
    expect(rows.filter((r) => matches(r, { retriever: 'dense' })).length).toBe(0);
    expect(rows.filter((r) => matches(r, { corpusId: 'c2' })).map((r) => r.file)).toEqual([structure]);
    expect(rows.filter((r) => matches(r, { group: LOOSE_GROUP })).map((r) => r.file)).toEqual([fixed96]);
    expect(rows.filter((r) => matches(r, { group: 'g1', strategy: 'fixed' })).map((r) => r.file)).toEqual([fixed]);
  });
});
