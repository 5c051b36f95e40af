// `eval --chunker langchain-recursive | chonkie-recursive | llamaindex-sentence` through the built CLI
// (the real bundle: chonkie finds its WASM, LlamaIndex loads) gives the chunks of each library called
// directly here with the same settings, and marks the run as a baseline in the results file.
import { expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { RecursiveChunker } from '@chonkiejs/core';
import { SentenceSplitter } from '@llamaindex/core/node-parser';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { asciiFold, chonkieTokenizer } from '../../src/engine/chunkers/chonkie-recursive.ts';

const root = new URL('../../', import.meta.url).pathname;
const tokenizer = await loadDefaultTokenizer();
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-baselines-'));
const docs: Record<string, string> = {
  guide: readFileSync(join(root, 'tests/engine/chunkers/fixtures/retrieval-guide.md'), 'utf8'),
  politica: readFileSync(join(root, 'tests/engine/chunkers/fixtures/politica-reembolso.md'), 'utf8'),
};
mkdirSync(join(tmp, 'corpora'));
const rows = ['question,references,corpus_id'];
for (const [id, text] of Object.entries(docs)) {
  writeFileSync(join(tmp, 'corpora', `${id}.md`), text);
  const cps = Array.from(text);
  const start = 40;
  const ref = [{ content: cps.slice(start, start + 30).join(''), start_index: start, end_index: start + 30 }];
  rows.push(`What is in ${id}?,"${JSON.stringify(ref).replace(/"/g, '""')}",${id}`);
}
writeFileSync(join(tmp, 'questions_df.csv'), rows.join('\n') + '\n');

async function direct(id: string, text: string, maxTokens: number, overlap: number): Promise<string[]> {
  if (id === 'langchain-recursive') {
    return new RecursiveCharacterTextSplitter({ chunkSize: maxTokens, chunkOverlap: overlap, lengthFunction: (t: string) => tokenizer.count(t) }).splitText(text);
  }
  if (id === 'chonkie-recursive') {
    const c = await RecursiveChunker.create({ chunkSize: maxTokens, tokenizer: chonkieTokenizer(tokenizer) as never });
    return (await c.chunk(asciiFold(text))).map((x) => x.text).filter((x) => x.trim() !== '');
  }
  const s = new SentenceSplitter({
    chunkSize: maxTokens,
    chunkOverlap: overlap,
    tokenizer: { encode: (t: string) => Uint32Array.from(tokenizer.encode(t), (x) => x.id), decode: () => '' },
    logger: { log() {}, warn() {}, error() {} },
  } as never);
  return s.splitText(text).filter((x) => x.trim() !== '');
}

const CASES: Array<[string, number, number]> = [
  ['langchain-recursive', 48, 0],
  ['langchain-recursive', 64, 16],
  ['chonkie-recursive', 48, 0],
  ['llamaindex-sentence', 48, 0],
  ['llamaindex-sentence', 64, 16],
];

test.each(CASES)('eval --chunker %s --max-tokens %i --overlap %i: the library\'s own chunks', async (id, maxTokens, overlap) => {
  const args = ['build/cli/chunklab.mjs', 'eval', '--dataset', tmp, '--chunker', id, '--max-tokens', String(maxTokens), '--json'];
  if (overlap) args.push('--overlap', String(overlap));
  const r = spawnSync('node', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(r.status, r.stderr).toBe(0);
  const file = JSON.parse(r.stdout);
  expect(file.config.chunker).toBe(id);
  expect(file.config.baseline).toMatch(/^@(langchain|chonkiejs|llamaindex)\//);
  for (const [docId, text] of Object.entries(docs)) {
    const cps = Array.from(text);
    const ours = file.chunks.filter((c: { docId: string }) => c.docId === docId).map((c: { start: number; end: number }) => cps.slice(c.start, c.end).join(''));
    const lib = await direct(id, text, maxTokens, overlap);
    expect(ours.length).toBeGreaterThan(3);
    if (id === 'chonkie-recursive') {
      // chonkie may rejoin an over-long piece's words with single spaces; ours keep the document's text.
      const squash = (xs: string[]) => xs.map((x) => x.replace(/\s+/g, ' '));
      expect(squash(ours.map(asciiFold))).toEqual(squash(lib));
    } else expect(ours).toEqual(lib);
  }
});

test('the readable summary names the library behind a baseline', () => {
  const r = spawnSync('node', ['build/cli/chunklab.mjs', 'eval', '--dataset', tmp, '--chunker', 'chonkie-recursive', '--max-tokens', '64'], { cwd: root, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/config\s+chonkie-recursive \(baseline: @chonkiejs\/core RecursiveChunker\)/);
  const bad = spawnSync('node', ['build/cli/chunklab.mjs', 'eval', '--dataset', tmp, '--chunker', 'langchain-recursive', '--max-tokens', '64', '--context-header'], { cwd: root, encoding: 'utf8' });
  expect(bad.status).toBe(2);
  expect(bad.stderr).toMatch(/takes no --context-header/);
});
