// `agreement` through the built CLI, with real BM25 on the English sample: its human questions, and a
// "generated" set derived here deterministically from the documents' sentences (every third sentence
// of eight words or more; the question is its first words, the gold its whole span; marked with
// generation provenance, as `questions` writes them). No language model is called. Checked against
// `eval` run on each set alone (hit@5 per configuration) and τ-b counted pair by pair here.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { runCli } from './helpers.ts';
import { tauBByPairs as tauB } from '../engine/evaluation/kendall-pairs.ts';

const root = new URL('../..', import.meta.url).pathname;
const SAMPLE = join(root, 'public/samples/en');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-agreement-'));
const BOTH = join(tmp, 'both');
const HUMAN = join(tmp, 'human');
const GENERATED = join(tmp, 'generated');
const CHUNKERS = ['fixed', 'sentences', 'structure'];
const SIZES = [48, 256];

interface Q {
  id: string;
  text: string;
  gold?: { docId: string; start: number; end: number }[];
  [k: string]: unknown;
}

/** Questions derived from sentences: the first words of every third long sentence, gold its span (code points). */
function derivedQuestions(): Q[] {
  const meta = JSON.parse(readFileSync(join(SAMPLE, 'documents.json'), 'utf8')) as { documents: { id: string; file: string }[] };
  const out: Q[] = [];
  for (const d of meta.documents) {
    const text = readFileSync(join(SAMPLE, d.file), 'utf8');
    const cps = Array.from(text);
    let i = 0;
    for (const m of text.matchAll(/[A-Z][^.!?\n]{20,}[.!?]/g)) {
      const words = m[0].split(/\s+/);
      if (words.length < 8 || i++ % 3) continue;
      const start = Array.from(text.slice(0, m.index)).length;
      const end = start + Array.from(m[0]).length;
      expect(cps.slice(start, end).join('')).toBe(m[0]);
      const span = { docId: d.id, start, end };
      out.push({
        id: `g${out.length + 1}`,
        text: words.slice(0, Math.ceil(words.length * 0.6)).join(' ') + '?',
        gold: [span],
        review: 'unreviewed',
        provenance: { model: 'test:derived-from-sentences', promptVersion: 'test', kind: 'plain', passage: span, overlap: 1, located: ['exact'] },
      });
    }
  }
  return out;
}

const generated = derivedQuestions();

function folder(dir: string, questions: Q[]) {
  cpSync(SAMPLE, dir, { recursive: true });
  writeFileSync(join(dir, 'questions.json'), JSON.stringify({ format: 'chunklab-questions', version: 1, questions }));
}

beforeAll(() => {
  const human = (JSON.parse(readFileSync(join(SAMPLE, 'questions.json'), 'utf8')) as { questions: Q[] }).questions;
  folder(HUMAN, human);
  folder(GENERATED, generated);
  folder(BOTH, [...human, ...generated]);
});

function cli(args: string[]) {
  return spawnSync('node', ['build/cli/chunklab.mjs', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const grid = ['--chunkers', CHUNKERS.join(','), '--sizes', SIZES.join(',')];

test('τ-b, scores and opposite pairs equal those of eval run on each set alone', async () => {
  expect(generated.length).toBeGreaterThan(20);
  const r = cli(['agreement', '--dataset', BOTH, ...grid, '--resamples', '400', '--seed', '3', '--json']);
  expect(r.status, r.stderr).toBe(0);
  const report = JSON.parse(r.stdout);
  const a = report.agreement;
  expect(report.metric).toBe('hit@5');
  const labels: string[] = [];
  const human: number[] = [];
  const gen: number[] = [];
  for (const chunker of CHUNKERS) {
    for (const size of SIZES) {
      labels.push(`${chunker} · ${size}`);
      for (const [dir, into] of [[HUMAN, human], [GENERATED, gen]] as const) {
        const e = await runCli(['eval', '--dataset', dir, '--chunker', chunker, '--max-tokens', String(size), '--json']);
        expect(e.code, e.err).toBe(0);
        into.push(JSON.parse(e.out).metrics['hit@5']);
      }
    }
  }
  expect(a.configurations.map((c: { label: string }) => c.label)).toEqual(labels);
  a.configurations.forEach((c: { a: number; b: number }, i: number) => {
    expect(c.a).toBeCloseTo(human[i], 12);
    expect(c.b).toBeCloseTo(gen[i], 12);
  });
  expect(a.questions.b).toBe(generated.length);
  expect(a.tau).toBeCloseTo(tauB(human, gen), 12);
  expect(a.interval[0]).toBeLessThanOrEqual(a.tau);
  expect(a.interval[1]).toBeGreaterThanOrEqual(a.tau);
  expect(a.by).toBe('document');
  expect(a.units).toEqual({ a: 8, b: 8 });
  const opposite: string[] = [];
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) if (Math.sign(human[i] - human[j]) * Math.sign(gen[i] - gen[j]) < 0) opposite.push([labels[i], labels[j]].sort().join(' | '));
  }
  expect(a.disagreements.map((d: { first: string; second: string }) => [d.first, d.second].sort().join(' | ')).sort()).toEqual(opposite.sort());

  // The same questions given as a second dataset: the same report; the same seed: the same bytes.
  const r2 = cli(['agreement', '--dataset', HUMAN, '--generated', GENERATED, ...grid, '--resamples', '400', '--seed', '3', '--json']);
  expect(r2.status, r2.stderr).toBe(0);
  expect(JSON.parse(r2.stdout).agreement).toEqual(a);
  expect(cli(['agreement', '--dataset', BOTH, ...grid, '--resamples', '400', '--seed', '3', '--json']).stdout).toBe(r.stdout);

  // The readable summary.
  const text = cli(['agreement', '--dataset', BOTH, ...grid, '--resamples', '400', '--seed', '3', '--resample', 'question']);
  expect(text.status, text.stderr).toBe(0);
  expect(text.stdout).toContain(`questions  ${a.questions.a} by people, ${generated.length} generated; 6 configurations (BM25), ranked by hit@5`);
  expect(text.stdout).toMatch(new RegExp(`tau-b ${a.tau.toFixed(3)} \\(95% interval -?\\d\\.\\d{3} to -?\\d\\.\\d{3}, 400 resamples of questions`));
  expect(text.stdout).toContain(a.disagreements.length ? `${a.disagreements.length} of 15 pairs ordered the other way` : 'none of the 15 pairs');
});

test('bad input: no generated questions, another document text, one configuration', () => {
  let r = cli(['agreement', '--dataset', HUMAN, ...grid]);
  expect(r.status).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(/no generated questions in this dataset/);

  const changed = join(tmp, 'changed');
  folder(changed, generated);
  const doc = join(changed, 'docs', 'faq-corvid-c2-ebike.md');
  writeFileSync(doc, readFileSync(doc, 'utf8') + '\nOne more line.\n');
  r = cli(['agreement', '--dataset', HUMAN, '--generated', changed, ...grid]);
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/document "faq-corvid-c2-ebike" differs between the two datasets/);

  r = cli(['agreement', '--dataset', BOTH, '--chunkers', 'fixed', '--sizes', '64']);
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/the grid has 1 configuration: give at least two/);

  r = cli(['agreement', '--dataset', BOTH, '--chunkers', 'llm']);
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/--chunkers/);
});
