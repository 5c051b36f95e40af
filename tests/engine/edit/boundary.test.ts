// Hand-edited chunk boundaries (src/engine/edit): each edit keeps a valid chunking (checked here by a
// plain scan of the text, not by the engine's own checker), token counts are the tokenizer's count of
// prefix + text, and a session's re-scored run equals a from-scratch run on the edited chunks
// (runExperiment with those chunks as external chunks: fresh parse, fresh BM25 index, fresh counts).
// Hits gained and lost are checked against hit@k computed in the test from the files.
import { beforeAll, describe, expect, test } from 'vitest';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { applyBoundaryEdit, chunkingProblem, EditSession, hitDeltas, snapOffset, type DocEdit } from '../../../src/engine/edit/index.ts';
import { chunkAll, runExperiment, type ExperimentConfig } from '../../../src/engine/evaluation/index.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/index.ts';
import type { Chunk, TextTokenizer } from '../../../src/engine/types.ts';
import { InputError } from '../../../src/engine/types.ts';
import { loadDataset } from '../../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import type { Dataset } from '../../../src/engine/evaluation/dataset.ts';
import type { EmbeddingSource } from '../../../src/engine/retrieval/index.ts';

let tok: TextTokenizer;
let sample: Dataset;
beforeAll(async () => {
  tok = await loadDefaultTokenizer();
  sample = await loadDataset('public/samples/pt-BR');
});

/** Every non-blank character inside some chunk; chunks non-empty, inside the text, in order. */
function assertValid(text: string, chunks: readonly { start: number; end: number }[]) {
  for (const [i, c] of chunks.entries()) {
    expect(c.start, `chunk ${i}`).toBeGreaterThanOrEqual(0);
    expect(c.end, `chunk ${i}`).toBeLessThanOrEqual(text.length);
    expect(c.end, `chunk ${i}`).toBeGreaterThan(c.start);
    if (i) expect(c.start).toBeGreaterThanOrEqual(chunks[i - 1].start);
  }
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i])) continue;
    expect(chunks.some((c) => c.start <= i && i < c.end), `character ${i} "${text[i]}" lies in no chunk`).toBe(true);
  }
}

const DOC = '# Prazos\n\nO reembolso sai em 30 dias. Depois disso, abra um chamado.\n\n## Canais\n\nEnvie pelo aplicativo 📱 ou pelo site. O telefone não recebe documentos.\n';

describe('applyBoundaryEdit', () => {
  const doc = parseDocument({ id: 'd', text: DOC, format: 'markdown' });
  const header = (path: string[]) => (path.length ? `${path.join(' > ')}\n` : '');
  const chunksOf = async (maxTokens: number, extra: Record<string, unknown> = {}) => chunkAll([doc], 'recursive', { maxTokens, ...extra }, { tokenizer: tok }, () => {});

  test('moving a boundary keeps every character covered, trims whitespace at the cut, recounts tokens and renumbers', async () => {
    const chunks = await chunksOf(16);
    expect(chunks.length).toBeGreaterThan(2);
    // Move the start of chunk i + 1 forward to a blank in its middle: the blank stays in neither chunk.
    const i = 0;
    const b = chunks[i + 1];
    const to = DOC.indexOf(' ', b.start + Math.floor((b.end - b.start) / 2));
    expect(to).toBeLessThan(b.end);
    const out = applyBoundaryEdit({ doc, tokenizer: tok }, chunks, { kind: 'move', chunk: i, to });
    expect(out[i + 1].start).toBe(to + 1);
    expect(out[i].end).toBe(to);
    expect(out[i].start).toBe(chunks[i].start);
    expect(out[i + 1].end).toBe(b.end);
    assertValid(DOC, out);
    expect(chunkingProblem(DOC, out)).toBeNull();
    for (const c of out) expect(c.tokens).toBe(tok.count(c.prefix + DOC.slice(c.start, c.end)));
    expect(out.map((c) => c.id)).toEqual(out.map((_, n) => `d#${n}`));
    // The input list is untouched.
    expect(chunks[i + 1].start).toBe(b.start);
  });

  test('merge and split give the ranges written out by hand; a moved start takes its new heading path and header', async () => {
    const chunks = await chunksOf(512);
    expect(chunks).toHaveLength(1);
    const at = DOC.indexOf('## Canais');
    const env = { doc, tokenizer: tok, header };
    const split = applyBoundaryEdit(env, chunks, { kind: 'split', chunk: 0, at: at - 1 });
    expect(split.map((c) => [c.start, c.end])).toEqual([
      [chunks[0].start, DOC.indexOf('chamado.') + 'chamado.'.length],
      [at, chunks[0].end],
    ]);
    expect(split[1].headingPath).toEqual(['Prazos', 'Canais']);
    expect(split[1].prefix).toBe('Prazos > Canais\n');
    expect(split[0].prefix).toBe(chunks[0].prefix);
    for (const c of split) expect(c.tokens).toBe(tok.count(c.prefix + DOC.slice(c.start, c.end)));
    assertValid(DOC, split);
    const merged = applyBoundaryEdit(env, split, { kind: 'merge', chunk: 0 });
    expect(merged.map((c) => [c.start, c.end, c.tokens])).toEqual(chunks.map((c) => [c.start, c.end, c.tokens]));
  });

  test('positions snap to whole characters in the text; overlap between neighbours is kept', async () => {
    const phone = DOC.indexOf('📱');
    expect(snapOffset(DOC, phone + 1)).toBe(phone);
    expect(snapOffset(DOC, -5)).toBe(0);
    expect(snapOffset(DOC, 1e9)).toBe(DOC.length);
    expect(snapOffset(DOC, 10.4)).toBe(10);
    const chunks = await chunksOf(512);
    const split = applyBoundaryEdit({ doc, tokenizer: tok }, chunks, { kind: 'split', chunk: 0, at: phone + 1 });
    expect(split[1].start).toBe(phone);
    // Overlapping neighbours: moving their boundary keeps the overlap's width.
    const over: Chunk[] = [
      { ...chunks[0], id: 'd#0', index: 0, start: 0, end: 40 },
      { ...chunks[0], id: 'd#1', index: 1, start: 30, end: DOC.length - 1 },
    ];
    const moved = applyBoundaryEdit({ doc, tokenizer: tok }, over, { kind: 'move', chunk: 0, to: DOC.indexOf('Depois') });
    expect(moved[1].start).toBe(DOC.indexOf('Depois'));
    expect(moved[0].end - moved[1].start).toBe(10);
  });

  test('edits that would empty a chunk or name no chunk are refused with code edit-bad-boundary', async () => {
    const chunks = await chunksOf(16);
    const env = { doc, tokenizer: tok };
    const fails = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        expect((e as InputError).code).toBe('edit-bad-boundary');
        return;
      }
      throw new Error('did not throw');
    };
    fails(() => applyBoundaryEdit(env, chunks, { kind: 'move', chunk: 0, to: chunks[0].start }));
    fails(() => applyBoundaryEdit(env, chunks, { kind: 'move', chunk: 0, to: chunks[1].end }));
    fails(() => applyBoundaryEdit(env, chunks, { kind: 'move', chunk: chunks.length - 1, to: 3 }));
    fails(() => applyBoundaryEdit(env, chunks, { kind: 'merge', chunk: -1 }));
    fails(() => applyBoundaryEdit(env, chunks, { kind: 'split', chunk: 0, at: chunks[0].end }));
    fails(() => applyBoundaryEdit(env, chunks, { kind: 'split', chunk: 0, at: Number.NaN }));
    expect(chunkingProblem(DOC, [{ start: 0, end: 5 }])).toMatch(/lies in no chunk/);
  });
});

/** hit@k per question, computed here from a results file (independent of the engine's scorer). */
function hitsByHand(file: ResultsFile, k: number): Map<string, boolean> {
  const units = new Map(file.chunks.map((c) => [c.id, c]));
  return new Map(
    file.questions.map((q) => [
      q.id,
      q.gold.every((g) => q.ranked.slice(0, k).some((id) => {
        const u = units.get(id)!;
        return u.docId === g.docId && u.start <= g.start && g.end <= u.end;
      })),
    ]),
  );
}

/** The edited chunking evaluated from scratch: every chunk as an external chunk line. */
async function fromScratch(ds: Dataset, config: ExperimentConfig, chunks: Chunk[], source?: EmbeddingSource): Promise<ResultsFile> {
  const lines = chunks.map((c, i) => ({ line: i + 1, id: c.id, docId: c.docId, start: c.start, end: c.end, prefix: c.prefix }));
  const { createRetriever } = await import('../../../src/engine/retrieval/index.ts');
  return runExperiment(ds, { ...config, chunker: 'external' }, { tokenizer: tok, chunks: lines, createRetriever: source ? (cfg, ctx) => createRetriever(cfg, ctx, source) : undefined });
}

function allChunks(session: EditSession, docs: string[], edited: Record<string, Chunk[]>): Chunk[] {
  return docs.flatMap((id) => edited[id] ?? session.chunksOf(id));
}

describe('EditSession', () => {
  const config: ExperimentConfig = { chunker: 'recursive', params: { maxTokens: 64, header: true }, retriever: { kind: 'bm25' }, k: 10 };

  test('the reopened run equals the run; an edit that splits a hit answer loses it, and the re-scored run equals a run from scratch', async () => {
    const run = await runExperiment(sample, config, { tokenizer: tok });
    const s = await EditSession.open(sample.documents, run, { tokenizer: tok });
    expect(s.baseline.questions.map((q) => q.ranked)).toEqual(run.questions.map((q) => q.ranked));
    expect(s.baseline.metrics).toEqual(run.metrics);

    // A question hit at 5 whose gold span lies inside one chunk: split that chunk in the middle of the span.
    const hit5 = hitsByHand(run, 5);
    const q = run.questions.find((x) => hit5.get(x.id) && x.gold.length === 1)!;
    const g = q.gold[0];
    const doc = sample.documents.find((d) => d.id === g.docId)!;
    const docChunks = s.chunksOf(g.docId);
    // Gold offsets are code points; the sample's gold documents have no astral characters before them.
    expect([...doc.text.slice(0, g.end)].length).toBe(g.end);
    const holder = docChunks.findIndex((c) => c.start <= g.start && g.end <= c.end);
    const mid = g.start + Math.floor((g.end - g.start) / 2);
    const edits: DocEdit[] = [{ docId: g.docId, edit: { kind: 'split', chunk: holder, at: mid } }];
    const scored = await s.score(edits);
    const d5 = scored.deltas.find((d) => d.k === 5)!;
    expect(d5.lost.map((x) => x.id)).toContain(q.id);

    // From scratch on the same chunks: same rankings, same metrics.
    const ids = sample.documents.map((d) => d.id);
    const scratch = await fromScratch(sample, config, allChunks(s, ids, scored.chunks));
    const edited = s.results(edits);
    expect(edited.questions.map((x) => x.ranked)).toEqual(scratch.questions.map((x) => x.ranked));
    expect(edited.questions.map((x) => x.scores)).toEqual(scratch.questions.map((x) => x.scores));
    expect(edited.metrics).toEqual(scratch.metrics);
    expect(edited.chunks).toEqual(scratch.chunks);
    expect(edited.config.edited).toMatchObject({ by: 'hand', edits: 1, documents: [g.docId] });
    // The chunking's signature tells two edits apart, and is the same for the same chunks.
    const other = await s.score([{ docId: g.docId, edit: { kind: 'split', chunk: holder, at: mid + 5 } }]);
    expect(other.chunks[g.docId][holder + 1].start).not.toBe(scored.chunks[g.docId][holder + 1].start);
    const signature = (edited.config.edited as { chunking: string }).chunking;
    expect(s.results([{ docId: g.docId, edit: { kind: 'split', chunk: holder, at: mid + 5 } }]).config.edited).not.toMatchObject({ chunking: signature });
    await s.score(edits);
    expect((s.results(edits).config.edited as { chunking: string }).chunking).toBe(signature);
    expect(edited.config.chunker).toBe('recursive');

    // Gains and losses at every k equal hit@k compared by hand between the run and the scratch run.
    for (const d of scored.deltas) {
      const a = hitsByHand(run, d.k);
      const b = hitsByHand(scratch, d.k);
      expect(d.lost.map((x) => x.id).sort()).toEqual(run.questions.filter((x) => a.get(x.id) && !b.get(x.id)).map((x) => x.id).sort());
      expect(d.gained.map((x) => x.id).sort()).toEqual(run.questions.filter((x) => !a.get(x.id) && b.get(x.id)).map((x) => x.id).sort());
      expect(d.hitsAfter).toBe([...b.values()].filter(Boolean).length);
    }
    // Only the two halves of the split chunk were analysed again for BM25.
    expect(scored.analysed).toBe(2);

    // Merging the halves back is the run again.
    const back = await s.score([...edits, { docId: g.docId, edit: { kind: 'merge', chunk: holder } }]);
    expect(back.deltas.every((d) => d.gained.length === 0 && d.lost.length === 0)).toBe(true);
    expect(back.metrics).toEqual(run.metrics);
    expect(back.analysed).toBe(0);
    // An empty list is the run.
    expect((await s.score([])).metrics).toEqual(run.metrics);
  });

  test('moving a boundary so an answer falls whole into one chunk gains its hit (hit@k by hand)', async () => {
    // Fixed windows cut inside sentences: the case a teacher moves a cut for.
    const fixed: ExperimentConfig = { ...config, chunker: 'fixed', params: { maxTokens: 64, header: true } };
    const run = await runExperiment(sample, fixed, { tokenizer: tok });
    const s = await EditSession.open(sample.documents, run, { tokenizer: tok });
    // A question missed because its answer is split over two chunks: move the cut inside it to its end.
    // (one whose answer starts in one chunk and ends inside the next, before that chunk's end).
    const cutInside = (q: ResultsFile['questions'][number]) => {
      const g = q.gold[0];
      const chunks = s.chunksOf(g.docId);
      const after = chunks.findIndex((c) => c.start > g.start && c.start < g.end);
      return after > 0 && chunks[after - 1].start <= g.start && chunks[after].end > g.end ? after : -1;
    };
    const candidates = run.questions.filter((q) => q.miss === 'split' && q.gold.length === 1 && cutInside(q) > 0).slice(0, 6);
    expect(candidates.length, 'the sample has answers split by fixed windows of 64 tokens').toBeGreaterThan(0);
    const k = run.config.k as number;
    const before = hitsByHand(run, k);
    const flipped: string[] = [];
    for (const q of candidates) {
      const g = q.gold[0];
      const after = cutInside(q);
      const text = sample.documents.find((d) => d.id === g.docId)!.text;
      const edits: DocEdit[] = [{ docId: g.docId, edit: { kind: 'move', chunk: after - 1, to: g.end } }];
      const scored = await s.score(edits);
      assertValid(text, scored.chunks[g.docId]);
      const moved = scored.chunks[g.docId][after - 1];
      expect(moved.start <= g.start && g.end <= moved.end).toBe(true);
      const scratch = await fromScratch(sample, fixed, allChunks(s, sample.documents.map((d) => d.id), scored.chunks));
      expect(s.results(edits).metrics).toEqual(scratch.metrics);
      const now = hitsByHand(scratch, k);
      const dk = scored.deltas.find((d) => d.k === k)!;
      expect(dk.gained.map((x) => x.id).sort()).toEqual(run.questions.filter((x) => !before.get(x.id) && now.get(x.id)).map((x) => x.id).sort());
      expect(dk.lost.map((x) => x.id).sort()).toEqual(run.questions.filter((x) => before.get(x.id) && !now.get(x.id)).map((x) => x.id).sort());
      expect(hitDeltas(run, scratch, k).gained).toEqual(dk.gained);
      if (dk.gained.some((x) => x.id === q.id)) flipped.push(q.id);
    }
    // At least one of these answers, now whole in one chunk, is found within k.
    expect(flipped.length).toBeGreaterThan(0);
  });

  test('a dense run embeds only the changed chunks with its model and equals a from-scratch dense run', async () => {
    // A deterministic "model": character-trigram counts hashed into 64 dimensions, unit length.
    let calls = 0;
    const embedOne = (t: string) => {
      const v = new Float32Array(64);
      const s = t.toLowerCase();
      for (let i = 0; i + 3 <= s.length; i++) v[(s.charCodeAt(i) * 31 * 31 + s.charCodeAt(i + 1) * 31 + s.charCodeAt(i + 2)) % 64] += 1;
      const n = Math.hypot(...v) || 1;
      return v.map((x) => x / n);
    };
    const source: EmbeddingSource = {
      embed: async (texts, kind) => {
        if (kind === 'passage') calls += texts.length;
        return texts.map(embedOne);
      },
    };
    const dense: ExperimentConfig = { ...config, retriever: { kind: 'dense', model: 'trigram-test' } };
    const { createRetriever } = await import('../../../src/engine/retrieval/index.ts');
    const run = await runExperiment(sample, dense, { tokenizer: tok, createRetriever: (cfg, ctx) => createRetriever(cfg, ctx, source) });
    await expect(EditSession.open(sample.documents, run, { tokenizer: tok })).rejects.toMatchObject({ code: 'edit-needs-model' });
    calls = 0;
    const s = await EditSession.open(sample.documents, run, { tokenizer: tok, source });
    expect(s.baseline.questions.map((q) => q.ranked)).toEqual(run.questions.map((q) => q.ranked));
    const opened = calls;
    expect(opened).toBe(new Set(run.chunks.map((c) => c.id)).size); // every passage once (their texts are distinct here)
    const docId = sample.documents[0].id;
    const chunks = s.chunksOf(docId);
    const edits: DocEdit[] = [{ docId, edit: { kind: 'merge', chunk: 0 } }];
    const scored = await s.score(edits);
    expect(scored.embedded).toBe(1);
    expect(calls - opened).toBe(1);
    expect(scored.chunks[docId]).toHaveLength(chunks.length - 1);
    const scratch = await fromScratch(sample, dense, allChunks(s, sample.documents.map((d) => d.id), scored.chunks), source);
    expect(s.results(edits).questions.map((q) => q.ranked)).toEqual(scratch.questions.map((q) => q.ranked));
    expect(s.results(edits).metrics).toEqual(scratch.metrics);
    // Without the model, BM25 can stand in; the saved file says so.
    const b = await EditSession.open(sample.documents, run, { tokenizer: tok, bm25Instead: true });
    await b.score(edits);
    const f = b.results(edits);
    expect(f.config.edited).toMatchObject({ scoredWith: 'bm25' });
    expect((f.config.retriever as { kind: string }).kind).toBe('bm25');
  });

  test('runs whose chunks cannot be rebuilt are refused with a code', async () => {
    const run = await runExperiment(sample, config, { tokenizer: tok });
    const code = async (p: Promise<unknown>) => p.then(() => 'opened', (e: InputError) => e.code);
    expect(await code(EditSession.open(sample.documents, { ...run, config: { ...run.config, chunker: 'small-to-big' } }, { tokenizer: tok }))).toBe('edit-unsupported');
    expect(await code(EditSession.open(sample.documents, { ...run, config: { ...run.config, params: { maxTokens: 100, header: true } } }, { tokenizer: tok }))).toBe('edit-chunks-differ');
    const changed = sample.documents.map((d, i) => (i === 0 ? { ...d, text: d.text + '\n\nUm parágrafo novo.' } : d));
    expect(await code(EditSession.open(changed, run, { tokenizer: tok }))).toBe('edit-chunks-differ');
  });
});
