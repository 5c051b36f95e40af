// The engine as a package: the library example of docs/CLI.md runs as written against the built library
// (build/lib, what `import 'chunklab'` resolves to) and gives the chunks of the results file whose
// config it copies; for every chunker, the library and the compiled CLI give identical chunks.
import { beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildJs } from '../../scripts/build.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SAMPLE = join(root, 'public/samples/en');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-lib-'));

/** The compiled CLI, as `npm run cli` runs it (without npm's start-up). */
function cli(args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'build/cli/chunklab.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r;
}
const jsonl = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l));

/** The one ```js block of the library section of docs/CLI.md. */
function documentedExample(): string {
  const page = readFileSync(join(root, 'docs/CLI.md'), 'utf8');
  const section = page.split(/^## /m).find((s) => s.startsWith('Use the engine as a library'));
  const blocks = [...(section ?? '').matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(blocks).toHaveLength(1);
  return blocks[0];
}

beforeAll(async () => {
  await buildJs();
});

describe('library', () => {
  test("'chunklab' imports no Node module (browsers and bundlers can take it); 'chunklab/node' is where Node I/O is", () => {
    const importsOf = (file: string): string[] => {
      const code = readFileSync(join(root, 'build/lib', file), 'utf8');
      const direct = [...code.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);
      return direct.flatMap((d) => (d.startsWith('./') ? [d, ...importsOf(d.slice(2))] : [d]));
    };
    const main = importsOf('index.js');
    expect(main).toContain('marked');
    expect(main.filter((d) => d.startsWith('node:') || ['fs', 'path', 'url', 'os', 'crypto'].includes(d))).toEqual([]);
    expect(importsOf('node.js').filter((d) => d.startsWith('node:')).length).toBeGreaterThan(0);
  });

  test('the documented example, run as written, gives the chunks of the results file it takes its config from', () => {
    const code = documentedExample();
    expect(code.trim().split('\n').length).toBeLessThanOrEqual(12);
    // A project that installed chunklab: node_modules/chunklab is this repository (as `npm install
    // /path/to/chunklab` links it), the results file and the document beside the script.
    const project = join(tmp, 'project');
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    symlinkSync(root, join(project, 'node_modules', 'chunklab'));
    writeFileSync(join(project, 'package.json'), '{"type": "module"}\n');
    writeFileSync(join(project, 'example.mjs'), code);
    copyFileSync(join(SAMPLE, 'docs', 'travel-expense-policy-v3.md'), join(project, 'travel-expense-policy-v3.md'));
    cli(['eval', '--dataset', SAMPLE, '--chunker', 'recursive', '--max-tokens', '96', '--overlap', '16', '--out', join(project, 'results.json')]);
    const results = JSON.parse(readFileSync(join(project, 'results.json'), 'utf8'));
    expect(results.config.chunker).toBe('recursive');

    const r = spawnSync(process.execPath, ['example.mjs'], { cwd: project, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const printed = r.stdout.trim().split('\n').map((l) => {
      const m = /^(\d+) (\d+) (\d+) (".*")$/.exec(l);
      if (!m) throw new Error(`unexpected line: ${l}`);
      return { start: +m[1], end: +m[2], tokens: +m[3], text: JSON.parse(m[4]) as string };
    });
    // The results file's chunks of that document (code-point offsets; this document is all BMP, so
    // they equal the example's UTF-16 offsets: checked by slicing the text with them).
    const text = readFileSync(join(project, 'travel-expense-policy-v3.md'), 'utf8');
    const expected = results.chunks.filter((c: { docId: string }) => c.docId === 'travel-expense-policy-v3');
    expect(expected.length).toBeGreaterThan(3);
    expect(printed.map(({ start, end, tokens }) => ({ start, end, tokens }))).toEqual(expected.map(({ start, end, tokens }: { start: number; end: number; tokens: number }) => ({ start, end, tokens })));
    for (const p of printed) expect(p.text).toBe(text.slice(p.start, p.end));
  });

  test.each(['fixed', 'recursive', 'sentences', 'structure', 'semantic', 'small-to-big', 'sentence-window'])(
    'library and CLI give identical chunks: %s',
    async (id) => {
      const lib = await import(pathToFileURL(join(root, 'build/lib/index.js')).href);
      const node = await import(pathToFileURL(join(root, 'build/lib/node.js')).href);
      const out = join(tmp, `${id}.jsonl`);
      const flags = id === 'structure' || id === 'sentences' ? ['--context-header'] : [];
      cli(['chunk', '--dataset', SAMPLE, '--chunker', id, '--max-tokens', '80', ...flags, '--out', out]);

      const docs: Map<string, { text: string }> = lib.parseDataset(await node.loadDataset(SAMPLE));
      const tokenizer = await node.loadDefaultTokenizer();
      const params: Record<string, unknown> = { maxTokens: 80, ...(flags.length ? { header: true } : {}) };
      if (lib.CHUNKERS[id].params.some((p: { name: string }) => p.name === 'overlap')) params.overlap = 0;
      const chunks = [];
      for (const doc of docs.values()) {
        const embed = id === 'semantic' ? lib.lexicalEmbedderFor(doc).embed : undefined;
        chunks.push(...(await lib.chunkCorpus([doc], id, params, { tokenizer, embed })));
      }
      const fromLib = lib.writeChunksJsonl(chunks, (d: string) => docs.get(d)!.text).trim().split('\n').map((l: string) => JSON.parse(l));
      const fromCli = jsonl(out);
      expect(fromCli.length).toBeGreaterThan(docs.size);
      expect(fromLib).toEqual(fromCli);
    },
  );
});

describe('install step', () => {
  // `npm install` / `npm ci` run `prepare`, which writes the library's declarations with tsc: a type
  // error anywhere the library reaches fails the install itself (CI's first step), so check it here.
  test('the declarations of chunklab and chunklab/node compile (what `prepare` runs)', () => {
    const out = mkdtempSync(join(tmpdir(), 'chunklab-types-'));
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'src/lib/tsconfig.json'), '--outDir', out], { cwd: root, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(out, 'lib/index.d.ts'), 'utf8')).toContain('export');
  });
});
