// Generated hostile input for every format the CLI reads: truncations, a value of every wrong type
// (a list nested 100,000 deep and a 100,000-character string among them) put in place of fields
// chosen by a seeded generator, odd text, absurd flags. Every case must end in a result (exit 0)
// or in one line "error: …" with exit 2 that is not an internal error: never a stack trace.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, cpSync, symlinkSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliResult } from './helpers.ts';
import { rng } from '../../src/engine/util/random.ts';
import { readSquad, workspaceFromDataset, writeWorkspace } from '../../src/engine/formats/index.ts';

const SQUAD = 'tests/fixtures/datasets/squad-mini.json';
const DEPTH = 100_000;
const WRONG: [string, string][] = [
  ['deep list', '['.repeat(DEPTH) + ']'.repeat(DEPTH)],
  ['deep object', '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)],
  ['long string', JSON.stringify('x'.repeat(100_000))],
  ['null', 'null'],
  ['negative', '-1'],
  ['fraction', '2.5'],
  ['huge number', '1e308'],
  ['true', 'true'],
  ['empty object', '{}'],
  ['empty list', '[]'],
  ['odd text', JSON.stringify('a\u0000b\u202e\ud800c\n\u2028"<script>')],
  ['proto key', '{"__proto__": {"x": 1}}'],
];

type Path = (string | number)[];

/** Every path to a value inside `v` (objects and lists walked, at most `max`). */
function paths(v: unknown, max = 400): Path[] {
  const out: Path[] = [];
  const walk = (x: unknown, p: Path) => {
    if (out.length >= max) return;
    if (p.length) out.push(p);
    if (Array.isArray(x)) x.forEach((y, i) => walk(y, [...p, i]));
    else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) walk(y, [...p, k]);
  };
  walk(v, []);
  return out;
}

/** The JSON text of `v` with the value at `path` replaced by the raw JSON `raw`. */
function replaced(v: unknown, path: Path, raw: string): string {
  const MARK = '"@@HOSTILE-MARK@@"';
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let o: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[path[path.length - 1]] = '@@HOSTILE-MARK@@';
  const text = JSON.stringify(copy);
  if (!text.includes(MARK)) throw new Error('marker not placed');
  return text.replace(MARK, () => raw);
}

function pick<T>(xs: T[], n: number, seed: number): T[] {
  const r = rng(seed);
  const a = xs.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
}

function truncations(text: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => text.slice(0, Math.floor(((i + 1) * text.length) / (n + 1))));
}

interface Case {
  name: string;
  argv: string[];
}

const failures: string[] = [];
function check(c: Case, r: CliResult): void {
  const lines = r.err.trim().split('\n').filter(Boolean);
  const ok = r.code === 0 || (r.code === 2 && lines.length === 1 && lines[0].startsWith('error: ') && !lines[0].includes('internal'));
  if (!ok) failures.push(`${c.name} → exit ${r.code}: ${r.err.trim().slice(0, 300)}`);
}

async function runAll(cases: Case[]): Promise<void> {
  for (const c of cases) check(c, await runCli(c.argv, {}, { internalAsLine: true }));
}

describe('hostile input never crashes the CLI', () => {
  let dir: string;
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chunklab-hostile-'));
  });

  it('SQuAD files: wrong types everywhere, truncations', async () => {
    const text = readFileSync(SQUAD, 'utf8');
    const root = JSON.parse(text);
    const cases: Case[] = [];
    pick(paths(root), 30, 1).forEach((p, i) =>
      WRONG.forEach(([w, raw], j) => cases.push({ name: `squad ${p.join('.')} = ${w}`, argv: ['eval', '--dataset', file(`sq-${i}-${j}.json`, replaced(root, p, raw)), '--chunker', 'recursive', '--max-tokens', '64'] })),
    );
    truncations(text, 15).forEach((t, i) => cases.push({ name: `squad truncated ${i}`, argv: ['eval', '--dataset', file(`sq-t${i}.json`, t), '--chunker', 'fixed', '--max-tokens', '64'] }));
    await runAll(cases);
    expect(cases.length).toBeGreaterThan(300);
    expect(failures, failures.slice(0, 8).join('\n')).toEqual([]);
  });

  it('results files (compare), workspace files and chunks JSONL', async () => {
    const a = join(dir, 'a.json');
    const chunks = join(dir, 'c.jsonl');
    expect((await runCli(['eval', '--dataset', SQUAD, '--chunker', 'sentences', '--max-tokens', '64', '--out', a])).code).toBe(0);
    expect((await runCli(['chunk', '--dataset', SQUAD, '--chunker', 'sentences', '--max-tokens', '64', '--out', chunks])).code).toBe(0);
    const results = JSON.parse(readFileSync(a, 'utf8'));
    const ws = JSON.parse(writeWorkspace(workspaceFromDataset(readSquad(readFileSync(SQUAD, 'utf8')))));
    const cases: Case[] = [];
    pick(paths(results), 25, 2).forEach((p, i) =>
      WRONG.forEach(([w, raw], j) => cases.push({ name: `results ${p.join('.')} = ${w}`, argv: ['compare', a, file(`r-${i}-${j}.json`, replaced(results, p, raw))] })),
    );
    pick(paths(ws), 20, 3).forEach((p, i) =>
      WRONG.forEach(([w, raw], j) => cases.push({ name: `workspace ${p.join('.')} = ${w}`, argv: ['eval', '--dataset', file(`w-${i}-${j}.json`, replaced(ws, p, raw)), '--chunker', 'structure', '--max-tokens', '64'] })),
    );
    const lines = readFileSync(chunks, 'utf8').trim().split('\n');
    const first = JSON.parse(lines[0]);
    for (const k of Object.keys(first))
      WRONG.forEach(([w, raw], j) => {
        const bad = [replaced(first, [k], raw), ...lines.slice(1)].join('\n');
        cases.push({ name: `chunks ${k} = ${w}`, argv: ['eval', '--dataset', SQUAD, '--chunks', file(`c-${k}-${j}.jsonl`, bad)] });
      });
    truncations(readFileSync(a, 'utf8'), 8).forEach((t, i) => cases.push({ name: `results truncated ${i}`, argv: ['compare', a, file(`r-t${i}.json`, t)] }));
    await runAll(cases);
    expect(cases.length).toBeGreaterThan(300);
    expect(failures, failures.slice(0, 8).join('\n')).toEqual([]);
  });

  it('ChunkLab folders: manifests and questions with wrong types', async () => {
    const base = join(dir, 'folder');
    cpSync('public/samples/en', base, { recursive: true });
    const docs = JSON.parse(readFileSync(join(base, 'documents.json'), 'utf8'));
    const qs = JSON.parse(readFileSync(join(base, 'questions.json'), 'utf8'));
    qs.questions = qs.questions.slice(0, 6);
    const cases: Case[] = [];
    let n = 0;
    const variant = (name: string, docsText: string, qsText: string) => {
      const d = join(dir, `f${n++}`);
      cpSync(base, d, { recursive: true });
      writeFileSync(join(d, 'documents.json'), docsText);
      writeFileSync(join(d, 'questions.json'), qsText);
      cases.push({ name, argv: ['eval', '--dataset', d, '--chunker', 'sentences', '--max-tokens', '96'] });
    };
    pick(paths(docs), 10, 4).forEach((p) => WRONG.forEach(([w, raw]) => variant(`documents.json ${p.join('.')} = ${w}`, replaced(docs, p, raw), JSON.stringify(qs))));
    pick(paths(qs), 12, 5).forEach((p) => WRONG.forEach(([w, raw]) => variant(`questions.json ${p.join('.')} = ${w}`, JSON.stringify(docs), replaced(qs, p, raw))));
    await runAll(cases);
    expect(cases.length).toBeGreaterThan(200);
    expect(failures, failures.slice(0, 8).join('\n')).toEqual([]);
  });

  it('absurd flags and odd commands', async () => {
    const cases: Case[] = [
      ...['0', '-5', '1e9', '99999999999999999999', 'abc', ''].map((v) => ({ name: `max-tokens ${v}`, argv: ['chunk', '--dataset', SQUAD, '--chunker', 'fixed', '--max-tokens', v, '--out', join(dir, 'x.jsonl')] })),
      { name: 'overlap over max', argv: ['chunk', '--dataset', SQUAD, '--chunker', 'fixed', '--max-tokens', '16', '--overlap', '400', '--out', join(dir, 'x.jsonl')] },
      { name: 'k zero', argv: ['eval', '--dataset', SQUAD, '--chunker', 'fixed', '--max-tokens', '32', '--k', '0'] },
      { name: 'unknown chunker', argv: ['eval', '--dataset', SQUAD, '--chunker', 'x'.repeat(100_000), '--max-tokens', '32'] },
      { name: 'filter proto', argv: ['eval', '--dataset', SQUAD, '--chunker', 'fixed', '--max-tokens', '32', '--filter', '__proto__=x'] },
      { name: 'out is a folder', argv: ['chunk', '--dataset', SQUAD, '--chunker', 'fixed', '--max-tokens', '32', '--out', dir] },
      { name: 'out ends with a separator', argv: ['eval', '--dataset', SQUAD, '--chunker', 'fixed', '--max-tokens', '32', '--out', `${dir}/new/`] },
      { name: 'out in a missing folder', argv: ['chunk', '--dataset', SQUAD, '--chunker', 'fixed', '--max-tokens', '32', '--out', join(dir, 'nope', 'x.jsonl')] },
      { name: 'dataset is a folder of nothing', argv: ['eval', '--dataset', mkdtempSync(join(tmpdir(), 'chunklab-empty-')), '--chunker', 'fixed', '--max-tokens', '32'] },
      { name: 'binary dataset', argv: ['eval', '--dataset', file('bin.json', '\u0000\u0001\u0002\uffff'), '--chunker', 'fixed', '--max-tokens', '32'] },
    ];
    await runAll(cases);
    expect(failures, failures.slice(0, 8).join('\n')).toEqual([]);
    // The folder cases said what was wrong before any work, and left no temporary file behind.
    const r = await runCli(['chunk', '--dataset', SQUAD, '--chunker', 'fixed', '--max-tokens', '32', '--out', dir]);
    expect(r.err).toMatch(/--out is a folder/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const p = await runCli(['eval', '--dataset', SQUAD, '--chunker', 'fixed', '--max-tokens', '32', '--filter', '__proto__=x']);
    expect(p.err).toMatch(/cannot be a metadata key/);
  });

  it('a workspace without question sets: chunk works, eval says there are no questions', async () => {
    const ws = JSON.parse(writeWorkspace(workspaceFromDataset(readSquad(readFileSync(SQUAD, 'utf8')))));
    ws.questionSets = [];
    const p = file('ws-empty.json', JSON.stringify(ws));
    const c = await runCli(['chunk', '--dataset', p, '--chunker', 'fixed', '--max-tokens', '32', '--out', join(dir, 'ok.jsonl')]);
    expect(c.code, c.err).toBe(0);
    expect(existsSync(join(dir, 'ok.jsonl'))).toBe(true);
    const e = await runCli(['eval', '--dataset', p, '--chunker', 'fixed', '--max-tokens', '32']);
    expect(e.code).toBe(2);
    expect(e.err.trim().split('\n')).toHaveLength(1);
    expect(e.err).toMatch(/no questions/);
  });

  it('a duplicate CSV header is refused, naming the column', async () => {
    const d = join(dir, 'chroma-dup');
    cpSync('tests/fixtures/datasets/chroma-mini', d, { recursive: true });
    const csv = readFileSync(join(d, 'questions_df.csv'), 'utf8').split('\n');
    csv[0] = `${csv[0]},question`;
    writeFileSync(join(d, 'questions_df.csv'), csv.join('\n'));
    const r = await runCli(['eval', '--dataset', d, '--chunker', 'fixed', '--max-tokens', '32']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/duplicate column "question"/);
  });

  it('an error line quotes at most a bounded preview of a huge value', async () => {
    const root = JSON.parse(readFileSync(SQUAD, 'utf8'));
    root.data[0].paragraphs[0].qas[0].answers[0].answer_start = 'y'.repeat(100_000);
    const r = await runCli(['eval', '--dataset', file('long.json', JSON.stringify(root)), '--chunker', 'fixed', '--max-tokens', '32']);
    expect(r.code).toBe(2);
    expect(r.err.length).toBeLessThan(1000);
    void symlinkSync;
    void mkdirSync;
  });
});
