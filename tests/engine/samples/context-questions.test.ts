// The context question sets (public/samples/<lang>/questions-context.json): questions about release
// notes whose version or date is named only in the section heading ("What did the December 3, 2025
// release fix?"), so a chunk cut from under its heading cannot answer them on its own text. With the
// context header (the title and heading path before each chunk) BM25 finds them; without it, it
// mostly cannot. Real prose, real BM25; the figures below are what these runs give.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listedFiles, readChunklabFolder } from '../../../src/engine/formats/index.ts';
import { runExperiment } from '../../../src/engine/evaluation/index.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';

const SAMPLES = join(import.meta.dirname, '..', '..', '..', 'public', 'samples');

function contextDataset(lang: string) {
  const base = join(SAMPLES, lang);
  const documents = readFileSync(join(base, 'documents.json'), 'utf8');
  const files = Object.fromEntries(listedFiles(documents).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
  return readChunklabFolder({ documents, files, questions: readFileSync(join(base, 'questions-context.json'), 'utf8') });
}

describe.each(['en', 'pt-BR'])('context questions (%s)', (lang) => {
  it('resolve, and the context header finds what the bare chunk cannot', async () => {
    const ds = contextDataset(lang);
    expect(ds.questions).toHaveLength(8);
    expect(ds.skipped).toEqual([]);
    const tokenizer = await loadDefaultTokenizer();
    const run = (chunker: 'recursive' | 'structure', header: boolean) =>
      runExperiment(ds, { chunker, params: { maxTokens: 128, overlap: 0 }, header, retriever: { kind: 'bm25' }, k: 10 }, { tokenizer });
    for (const chunker of ['recursive', 'structure'] as const) {
      const [off, on] = [await run(chunker, false), await run(chunker, true)];
      expect(on.metrics['hit@5']).toBeGreaterThan(off.metrics['hit@5']);
      expect(on.metrics.mrr).toBeGreaterThan(off.metrics.mrr);
    }
    // structure at 128 with the header finds every one in the first five.
    expect((await run('structure', true)).metrics['hit@5']).toBe(1);
  });
});
