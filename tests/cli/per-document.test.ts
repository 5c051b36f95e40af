// `per-document` through the built CLI (build/cli) on real runs: BM25 over the Portuguese sample's
// eight documents with five chunkings. Every figure of --json is recomputed here from the results
// files alone (hit@5 per question written here, the halves the command reports, the choices and the
// cross-fitted and in-sample figures), and the recipe file it writes is checked against the choices.
import { beforeAll, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const SAMPLE = join(root, 'public/samples/pt-BR');
const SAMPLE_EN = join(root, 'public/samples/en');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-perdoc-'));
const grid = join(tmp, 'grid');
const CONFIGS: Array<[string, number]> = [
  ['fixed', 64],
  ['recursive', 64],
  ['sentences', 128],
  ['structure', 256],
  ['recursive', 256],
];

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['build/cli/chunklab.mjs', ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface RFile {
  config: { chunker: string; params: { maxTokens: number } };
  chunks: { id: string; docId: string; start: number; end: number }[];
  questions: { id: string; gold: { docId: string; start: number; end: number }[]; ranked: string[] }[];
}

beforeAll(() => {
  mkdirSync(grid);
  for (const [id, max] of CONFIGS) {
    const r = cli(['eval', '--dataset', SAMPLE, '--chunker', id, '--max-tokens', String(max), '--out', join(grid, `${id}-${max}.json`)]);
    expect(r.code, r.err).toBe(0);
  }
});

/** hit@5, written here: every gold span inside one of the first five ranked chunks. */
function hit5(file: RFile, q: RFile['questions'][number]): number {
  const byId = new Map(file.chunks.map((c) => [c.id, c]));
  const top = q.ranked.slice(0, 5).map((id) => byId.get(id)!);
  return q.gold.length > 0 && q.gold.every((g) => top.some((c) => c.docId === g.docId && c.start <= g.start && g.end <= c.end)) ? 1 : 0;
}

test('--json: the choices and figures agree with a computation from the results files; --recipe-out follows the choices', () => {
  const recipePath = join(tmp, 'recipe.json');
  const r = cli(['per-document', grid, '--json', '--recipe-out', recipePath, '--seed', '3']);
  expect(r.code, r.err).toBe(0);
  const out = JSON.parse(r.out);
  // Files in name order (a folder), named by their base names.
  const names = CONFIGS.map(([id, max]) => `${id}-${max}`).sort();
  expect(out.names).toEqual(names);
  const files: RFile[] = names.map((n) => JSON.parse(readFileSync(join(grid, `${n}.json`), 'utf8')));
  const qs = files[0].questions;
  const score = files.map((f) => new Map(f.questions.map((q) => [q.id, hit5(f, q)])));
  const docOf = new Map(qs.map((q) => [q.id, q.gold[0].docId]));
  const docs = [...new Set(qs.map((q) => q.gold[0].docId))];
  expect(out.documents).toBe(docs.length);
  expect(out.questions).toBe(qs.length);
  expect(out.perDocument.map((d: { docId: string }) => d.docId)).toEqual(docs);

  // The halves reported: a partition of each document's questions into ⌈n/2⌉ and ⌊n/2⌋.
  const half = new Map<string, 0 | 1>();
  for (const d of out.perDocument) {
    const own = qs.filter((q) => docOf.get(q.id) === d.docId).map((q) => q.id);
    const [a, b] = d.halves.map((h: { questions: string[] }) => h.questions);
    expect([...a, ...b].sort()).toEqual([...own].sort());
    expect(a.length).toBe(Math.ceil(own.length / 2));
    for (const id of a) half.set(id, 0);
    for (const id of b) half.set(id, 1);
  }
  const C = names.length;
  const sum = (c: number, ids: string[]) => ids.reduce((s, id) => s + score[c].get(id)!, 0);
  const argmax = (vals: number[], prefer = -1) => {
    const top = Math.max(...vals);
    return prefer >= 0 && vals[prefer] === top ? prefer : vals.indexOf(top);
  };
  const ids = (pred: (id: string) => boolean) => qs.map((q) => q.id).filter(pred);
  const folds = [0, 1].map((h) => argmax(Array.from({ length: C }, (_, c) => sum(c, ids((id) => half.get(id) === h)))));
  expect(out.single.folds).toEqual(folds);
  let pd = 0;
  let sg = 0;
  for (const d of docs) {
    const inDoc = (h: number) => ids((id) => docOf.get(id) === d && half.get(id) === h);
    for (const h of [0, 1]) {
      const train = inDoc(h);
      const test = inDoc(1 - h);
      const tooFew = train.length + test.length < 2;
      const choice = tooFew ? folds[h] : argmax(Array.from({ length: C }, (_, c) => sum(c, train)), folds[h]);
      pd += sum(choice, test);
      sg += sum(folds[h], test);
    }
  }
  expect(out.crossFitted.perDocument).toBeCloseTo(pd / qs.length, 12);
  expect(out.crossFitted.single).toBeCloseTo(sg / qs.length, 12);
  expect(out.gain.estimate).toBeCloseTo((pd - sg) / qs.length, 12);
  expect(out.gain.resamples).toBe(2000);
  expect(out.gain.interval[0]).toBeLessThanOrEqual(out.gain.interval[1]);

  // In sample, and which documents change.
  const all = ids(() => true);
  const single = argmax(Array.from({ length: C }, (_, c) => sum(c, all)));
  expect(out.single.all).toBe(single);
  const chosen = docs.map((d) => argmax(Array.from({ length: C }, (_, c) => sum(c, ids((id) => docOf.get(id) === d))), single));
  expect(out.perDocument.map((d: { chosen: number }) => d.chosen)).toEqual(chosen);
  const inPd = docs.reduce((s, d, k) => s + sum(chosen[k], ids((id) => docOf.get(id) === d)), 0);
  expect(out.inSample.gain).toBeCloseTo((inPd - sum(single, all)) / qs.length, 12);
  expect(out.perDocument.filter((d: { changed: boolean }) => d.changed).map((d: { docId: string }) => d.docId)).toEqual(docs.filter((_, k) => chosen[k] !== single));
  // The grid really differs per document here: at least one document changes.
  expect(chosen.some((c) => c !== single)).toBe(true);

  // The recipe: every document to its chosen configuration, each with its chunking recipe.
  const recipe = JSON.parse(readFileSync(recipePath, 'utf8'));
  expect(recipe.format).toBe('chunklab-per-document-recipe');
  expect(recipe.default).toBe(names[single]);
  expect(recipe.documents).toEqual(Object.fromEntries(docs.map((d, k) => [d, names[chosen[k]]])));
  for (const [name, c] of Object.entries(recipe.configurations) as [string, { recipe: { chunker: string; params: { maxTokens: number }; tokenizer: string } }][]) {
    const f = files[names.indexOf(name)];
    expect(c.recipe.chunker).toBe(f.config.chunker);
    expect(c.recipe.params.maxTokens).toBe(f.config.params.maxTokens);
    expect(c.recipe.tokenizer).toBe('all-MiniLM-L6-v2');
  }
  expect(recipe.gain.estimate).toBe(out.gain.estimate);
});

test('the readable summary: gain with its interval, the in-sample gain, each changed document with its halves', () => {
  const r = cli(['per-document', ...CONFIGS.map(([id, max]) => join(grid, `${id}-${max}.json`))]);
  expect(r.code, r.err).toBe(0);
  const j = JSON.parse(cli(['per-document', ...CONFIGS.map(([id, max]) => join(grid, `${id}-${max}.json`)), '--json']).out);
  const sgn = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
  expect(r.out).toContain(`gain ${sgn(j.gain.estimate)} [${sgn(j.gain.interval[0])}, ${sgn(j.gain.interval[1])}] (95%, 2000 resamples of documents)`);
  expect(r.out).toContain(`in sample (chosen on the very questions scored: flattering)`);
  expect(r.out).toContain(`gain ${sgn(j.inSample.gain)}`);
  const changed = j.perDocument.filter((d: { changed: boolean }) => d.changed);
  expect(r.out).toContain(`documents that change configuration: ${changed.length} of ${j.documents}`);
  for (const d of changed) {
    expect(r.out).toMatch(new RegExp(`^  ${d.docId} \\(${d.questions} questions\\): ${j.names[d.chosen]} instead of ${j.names[j.single.all]}.*half 1 \\(${d.halves[0].questions.length} q\\).*half 2`, 'm'));
  }
  // Same seed, same answer; the split moves with the seed.
  expect(cli(['per-document', grid, '--json']).out).toBe(cli(['per-document', grid, '--json']).out);
  const other = JSON.parse(cli(['per-document', grid, '--json', '--seed', '9', '--resamples', '0']).out);
  const mine = JSON.parse(cli(['per-document', grid, '--json', '--resamples', '0']).out);
  expect(JSON.stringify(other.perDocument.map((d: { halves: unknown }) => d.halves))).not.toBe(JSON.stringify(mine.perDocument.map((d: { halves: unknown }) => d.halves)));
});

test('bad input: one line naming the problem, exit 2, no recipe written', () => {
  const one = cli(['per-document', join(grid, 'fixed-64.json')]);
  expect(one.code).toBe(2);
  expect(one.err.trim()).toMatch(/^error: per-document: expected at least two results files/);
  const en = join(tmp, 'en.json');
  expect(cli(['eval', '--dataset', SAMPLE_EN, '--chunker', 'recursive', '--max-tokens', '128', '--out', en]).code).toBe(0);
  const recipe = join(tmp, 'never.json');
  const mixed = cli(['per-document', join(grid, 'fixed-64.json'), en, '--recipe-out', recipe]);
  expect(mixed.code).toBe(2);
  expect(mixed.err.trim().split('\n')).toHaveLength(1);
  expect(mixed.err).toMatch(/en\.json: .*(questions|question set)/);
  expect(() => readFileSync(recipe)).toThrow();
  const metric = cli(['per-document', grid, '--metric', 'ctx3']);
  expect(metric.code).toBe(2);
  expect(metric.err).toMatch(/--metric/);
  const missing = cli(['per-document', grid, join(tmp, 'nope.json')]);
  expect(missing.code).toBe(2);
  expect(missing.err).toMatch(/nope\.json: no such file/);
});

test('batch and serve --stdio take the per-document recipe: each document cut as its own configuration cuts it', () => {
  const recipePath = join(tmp, 'recipe-batch.json');
  expect(cli(['per-document', grid, '--recipe-out', recipePath, '--resamples', '0']).code).toBe(0);
  const recipe = JSON.parse(readFileSync(recipePath, 'utf8'));
  const docs = join(SAMPLE, 'docs');
  const out = join(tmp, 'batch-perdoc');
  const b = cli(['batch', '--recipe', recipePath, '--input', docs, '--out', out, '--jsonl', '--no-parquet', '--workers', '1']);
  expect(b.code, b.err).toBe(0);
  expect(b.err).toContain('per-document recipe');
  const rows = (dir: string) => readFileSync(join(dir, 'chunks.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { docId: string; start: number; end: number; text: string; recipeHash: string; id: string });
  const mine = rows(out);
  // Each configuration the file uses, run alone by batch from its results file.
  const alone = new Map<string, ReturnType<typeof rows>>();
  for (const name of Object.keys(recipe.configurations)) {
    const dir = join(tmp, `batch-${name}`);
    const r = cli(['batch', '--recipe', join(grid, `${name}.json`), '--input', docs, '--out', dir, '--jsonl', '--no-parquet', '--workers', '1']);
    expect(r.code, r.err).toBe(0);
    alone.set(name, rows(dir));
  }
  for (const [docId, name] of Object.entries(recipe.documents) as [string, string][]) {
    const got = mine.filter((r) => r.docId === docId);
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(alone.get(name)!.filter((r) => r.docId === docId));
  }
  // The manifest records the whole per-document recipe.
  const head = JSON.parse(readFileSync(join(out, 'manifest.jsonl'), 'utf8').split('\n')[0]);
  expect(head.perDocument.documents).toEqual(recipe.documents);

  // serve --stdio: a listed document by its configuration, an unlisted one by the default.
  const listed = Object.keys(recipe.documents)[0];
  const text = readFileSync(join(docs, `${listed}.md`), 'utf8');
  const s = spawnSync(process.execPath, ['build/cli/chunklab.mjs', 'serve', '--stdio', '--recipe', recipePath], {
    cwd: root,
    encoding: 'utf8',
    input: `${JSON.stringify({ id: listed, text, format: 'md' })}\n${JSON.stringify({ id: 'unlisted', text, format: 'md' })}\n`,
  });
  expect(s.status, s.stderr).toBe(0);
  const [a, u] = s.stdout.trim().split('\n').map((l) => JSON.parse(l) as { chunks: { recipeHash: string; start: number; end: number }[] });
  const hashOf = (name: string) => alone.get(name)![0].recipeHash;
  expect(a.chunks.map((c) => [c.start, c.end])).toEqual(alone.get(recipe.documents[listed])!.filter((r) => r.docId === listed).map((r) => [r.start, r.end]));
  expect(a.chunks.every((c) => c.recipeHash === hashOf(recipe.documents[listed]))).toBe(true);
  expect(u.chunks.every((c) => c.recipeHash === hashOf(recipe.default))).toBe(true);
});
