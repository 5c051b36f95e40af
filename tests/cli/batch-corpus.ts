// A generated corpus for the batch/serve/Ray tests: n small documents (Markdown, text, HTML), all
// different, with headings, lists, non-BMP characters (offsets count code points) and accents.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';

export const ROOT = new URL('../../', import.meta.url).pathname;

const WORDS = 'the river lantern quiet harbor ledger orbit canvas maple signal granite velvet cipher meadow falcon copper ember tundra prism vessel'.split(' ');

function sentence(rng: () => number, n: number): string {
  const w = Array.from({ length: n }, () => WORDS[Math.floor(rng() * WORDS.length)]);
  return w[0][0].toUpperCase() + w.join(' ').slice(1) + '.';
}

export function makeCorpus(dir: string, n: number, seed = 7): { paths: string[]; bytes: number } {
  mkdirSync(dir, { recursive: true });
  let s = seed;
  const rng = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const paths: string[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const k = i % 3;
    const paras = Array.from({ length: 1 + (i % 4) }, (_, j) => `${sentence(rng, 6 + ((i + j) % 9))} ${sentence(rng, 4 + (j % 5))} Ünïcödé 😀 nº ${i}-${j}.`);
    let text: string;
    let name: string;
    if (k === 0) {
      name = `doc-${String(i).padStart(5, '0')}.md`;
      text = `# Document ${i}\n\n${paras[0]}\n\n## Part ${i % 7}\n\n${paras.slice(1).join('\n\n')}\n\n- item ${i}\n- ${sentence(rng, 5)}\n`;
    } else if (k === 1) {
      name = `doc-${String(i).padStart(5, '0')}.txt`;
      text = paras.join('\n\n') + '\n';
    } else {
      name = `sub/doc-${String(i).padStart(5, '0')}.html`;
      text = `<html><body><h1>Page ${i}</h1>${paras.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
    }
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
    paths.push(name);
    bytes += Buffer.byteLength(text);
  }
  return { paths, bytes };
}

/** `npm run cli -- …` as a child process (scripts/cli.mjs rebuilds a stale build first). */
export function cli(args: string[], input?: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [join(ROOT, 'scripts/cli.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', input, maxBuffer: 1 << 28 });
}

export function cliAsync(args: string[]) {
  return spawn(process.execPath, [join(ROOT, 'scripts/cli.mjs'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface Row {
  id?: string;
  docId: string;
  start: number;
  end: number;
  text: string;
  prefix: string;
  tokens: number;
}

export const readJsonl = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** What must be equal between two ways of cutting: document, offsets, text, prefix, tokens. */
export const key = (r: Record<string, unknown>) => JSON.stringify([r.docId ?? r.doc_id, r.start, r.end, r.text, r.prefix ?? '', r.tokens], (_, v) => (typeof v === 'bigint' ? Number(v) : v));

export const RECIPE = {
  format: 'chunklab-recipe',
  version: 1,
  chunker: 'recursive',
  params: { maxTokens: 40, overlap: 8 },
  tokenizer: 'all-MiniLM-L6-v2',
};

/** `npm run cli -- …` as a child process, awaited (the test's own servers keep answering meanwhile). */
export function cliAwait(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/cli.mjs'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
