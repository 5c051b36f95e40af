// The Ray Data example (examples/ray/chunk_corpus.py) on a local Ray cluster (ray.init(num_cpus=2)),
// its actors each owning one `serve --stdio` process: its chunks equal `batch`'s for the same recipe
// and documents, and the library's chunkWithRecipe (the page's path) computed here. The Python
// environment is created on first use (tests/cli/ray-venv.mjs; CI makes it beside `npm ci`); if Ray cannot be installed the test
// fails saying so.
import { beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { RECIPE, ROOT, cli, key, makeCorpus, readJsonl } from './batch-corpus.ts';
import { rayPython } from './ray-venv.mjs';
import { chunkWithRecipe, parseRecipe } from '../../src/lib/index.ts';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { documentId } from '../../src/engine/formats/documents-folder.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-ray-'));
const docs = join(tmp, 'docs');
let python: string;

beforeAll(() => {
  python = rayPython();
  makeCorpus(docs, 36, 11);
  // One file that is not UTF-8 text the chunker can take is not needed: errors are covered by batch.
}, 660_000);

const byDocAndIndex = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a.doc_id ?? a.docId).localeCompare(String(b.doc_id ?? b.docId)) || Number(a.chunk_index ?? a.index) - Number(b.chunk_index ?? b.index);

async function readRayChunks(out: string): Promise<Record<string, unknown>[]> {
  const files = readdirSync(join(out, 'chunks')).filter((n) => n.endsWith('.parquet'));
  const rows: Record<string, unknown>[] = [];
  for (const f of files) rows.push(...((await parquetReadObjects({ file: await asyncBufferFromFile(join(out, 'chunks', f)) })) as Record<string, unknown>[]));
  return rows.sort(byDocAndIndex);
}

function chunkCorpus(extra: string[], timeout = 300_000) {
  const recipe = join(tmp, 'recipe.json');
  writeFileSync(recipe, JSON.stringify(RECIPE));
  return spawnSync(python, [join(ROOT, 'examples/ray/chunk_corpus.py'), '--recipe', recipe, '--input', docs, '--node', process.execPath, ...extra], { cwd: ROOT, encoding: 'utf8', timeout });
}

let batchRows: Record<string, unknown>[];

describe('examples/ray/chunk_corpus.py', () => {
  test('a local Ray cluster gives the same chunks as batch and as the library', async () => {
    const recipe = join(tmp, 'recipe.json');
    writeFileSync(recipe, JSON.stringify(RECIPE));
    cli(['--help']); // rebuilds a stale build/cli before Ray spawns it
    const out = join(tmp, 'ray-out');
    const r = chunkCorpus(['--out', out, '--num-cpus', '2', '--actors', '2', '--actor-cpus', '0.5', '--batch-size', '8']);
    expect(r.status, r.stderr.slice(-3000)).toBe(0);
    const ray = await readRayChunks(out);
    expect(readFileSync(join(out, 'errors.jsonl'), 'utf8')).toBe('');

    const b = cli(['batch', '--recipe', recipe, '--input', docs, '--out', join(tmp, 'batch-out'), '--workers', '2', '--jsonl', '--no-parquet']);
    expect(b.status, b.stderr).toBe(0);
    const batch = readJsonl(readFileSync(join(tmp, 'batch-out', 'chunks.jsonl'), 'utf8')).sort(byDocAndIndex);
    batchRows = batch;
    expect(ray.length).toBe(batch.length);
    expect(ray.map(key)).toEqual(batch.map(key));
    expect(ray.map((x) => x.id)).toEqual(batch.map((x) => x.id));
    expect(ray.map((x) => JSON.parse(String(x.heading_path)))).toEqual(batch.map((x) => x.headingPath));

    // The library (what the page runs) on the same files.
    const tokenizer = await loadDefaultTokenizer();
    const rec = parseRecipe(JSON.stringify(RECIPE), 'recipe', tokenizer.name);
    const lib: Record<string, unknown>[] = [];
    const walk = (dir: string, rel = ''): string[] =>
      readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(dir, join(rel, e.name)) : [join(rel, e.name)]));
    for (const f of walk(docs)) {
      const format = f.endsWith('.md') ? 'markdown' : f.endsWith('.txt') ? 'text' : 'html';
      lib.push(...((await chunkWithRecipe({ id: documentId(f), text: readFileSync(join(docs, f), 'utf8'), format }, rec, { tokenizer })) as unknown as Record<string, unknown>[]));
    }
    lib.sort(byDocAndIndex);
    expect(ray.map(key)).toEqual(lib.map(key));
  }, 660_000);

  // With its default options the job must finish on any cluster size: on one CPU too, where actors
  // reserving whole CPUs left Ray Data's reading nothing and the job waited forever.
  test.each([1, 2, 4])('default options finish on a local cluster of %i CPU(s), with batch\'s chunks', async (cpus) => {
    expect(batchRows, 'the first test computes batch\'s chunks').toBeDefined();
    const out = join(tmp, `ray-default-${cpus}`);
    const r = chunkCorpus(['--out', out, '--num-cpus', String(cpus), '--give-up-seconds', '240']);
    expect(r.status, r.stderr.slice(-3000)).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`actors? x [\\d.]+ CPU on a cluster of ${cpus} CPUs`));
    const ray = await readRayChunks(out);
    expect(ray.map(key)).toEqual(batchRows.map(key));
    expect(ray.map((x) => x.id)).toEqual(batchRows.map((x) => x.id));
  }, 400_000);

  test('a configuration that leaves reading no CPU is refused at start, saying why', () => {
    const r = chunkCorpus(['--out', join(tmp, 'refused'), '--num-cpus', '2', '--actors', '2', '--actor-cpus', '1'], 120_000);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/error: 2 actors x 1 CPU reserve 2 of the cluster's 2 CPUs.*could never feed the actors.*--actor-cpus 0\.88 or less/);
    expect(existsSync(join(tmp, 'refused'))).toBe(false);
  });

  test('a stall is reported with what Ray is waiting for, and --give-up-seconds ends it', () => {
    // A "CLI" that reads its input and never answers: the actors wait on it forever.
    const silent = join(tmp, 'silent.mjs');
    writeFileSync(silent, "process.stdin.resume(); setInterval(() => {}, 1 << 30);\n");
    // The watchdog reads progress every stall/2 seconds and says what Ray waits for before it checks
    // the give-up time in the same round, so the report always comes first; the CLI never answers,
    // so this is a real stall however slowly the actors start (6 s rather than 20: the job is only
    // waiting, and a cluster start already costs tens of seconds).
    const r = chunkCorpus(['--out', join(tmp, 'stalled'), '--num-cpus', '2', '--cli', silent, '--stall-seconds', '2', '--give-up-seconds', '6'], 200_000);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/stalled: no batch finished for \d+ s \(0 documents done\); Ray has [\d.]+ of 2 CPUs free/);
    expect(r.stderr).toMatch(/giving up after \d+ s without progress/);
  });
});
