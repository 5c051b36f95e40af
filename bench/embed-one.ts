// Embedding measurements, each in its own process (clean max RSS):
//   tsx bench/embed-one.ts overhead <modelDir> <texts>   pipeline (createEmbedder) vs raw InferenceSession.run
//   tsx bench/embed-one.ts late <modelDir> <docTokens>   late chunking vs embedding the same chunks separately
//   tsx bench/embed-one.ts late-rss <modelDir> <docTokens>  peak memory of one late-chunked document
// An optional last argument sets the timed repetitions (default 3).
// onnxruntime runs with one intra-op thread in every mode: steadier on a shared 2-core machine, and
// the pipeline and the raw calls then compete for nothing but the same core. Timings are the best of
// a few alternating repetitions after an untimed warm-up; the first (cold tokenizer cache) pipeline
// pass is reported too. Prints one JSON line.
import * as ort from 'onnxruntime-node';
import { join } from 'node:path';
import { makeCorpus } from './corpus.ts';
import { createOrtRunner, loadModelDir } from '../src/node/model.ts';
import { createEmbedder } from '../src/engine/embedding/embedder.ts';
import { lateChunk } from '../src/engine/embedding/late.ts';
import type { ModelRunner, RunnerBatch } from '../src/engine/embedding/runner.ts';
import { parseDocument } from '../src/engine/documents/index.ts';
import { chunkDocument } from '../src/engine/chunkers/index.ts';
import type { Chunk, Doc } from '../src/engine/types.ts';

const [mode, modelDir, nArg, repsArg] = process.argv.slice(2);
const n = Number(nArg);
if (!['overhead', 'late', 'late-rss'].includes(mode) || !modelDir || !(n > 0)) {
  console.error('usage: tsx bench/embed-one.ts overhead|late|late-rss <modelDir> <n>');
  process.exit(2);
}
const REPS = Math.max(1, Number(repsArg ?? 3) || 3);

const model = await loadModelDir(modelDir, { threads: 1 });
await model.runner.dispose?.(); // we open our own session, so that raw and pipeline share it
const session = await ort.InferenceSession.create(join(modelDir, 'onnx', 'model.onnx'), {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  logSeverityLevel: 3,
});
const runner = createOrtRunner(session);
const special = { clsId: model.clsId, sepId: model.sepId, padId: model.padId };
const maxTokens = model.info.maxTokens;
const tokenizer = model.tokenizer;
const embedderOf = (r: ModelRunner) =>
  createEmbedder({ runner: r, tokenizer, ...special, maxTokens, pooling: model.info.pooling, prefixes: model.info.prefixes });

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
async function measure(f: () => Promise<unknown>): Promise<{ seconds: number; cpuSeconds: number }> {
  const c = cpuNow();
  const t = performance.now();
  await f();
  return { seconds: (performance.now() - t) / 1000, cpuSeconds: cpuNow() - c };
}
const best = (xs: { seconds: number; cpuSeconds: number }[]) => ({
  seconds: Math.min(...xs.map((x) => x.seconds)),
  cpuSeconds: Math.min(...xs.map((x) => x.cpuSeconds)),
});

/** Chunks of the bench corpus (structure chunker, 256 tokens), documents in corpus order. */
async function corpusChunks(bytes: number): Promise<{ doc: Doc; chunks: Chunk[] }[]> {
  const out: { doc: Doc; chunks: Chunk[] }[] = [];
  for (const d of makeCorpus(bytes)) {
    const doc = parseDocument({ id: d.id, text: d.text, format: 'markdown' });
    out.push({ doc, chunks: await chunkDocument(doc, 'structure', { maxTokens: 256 }, { tokenizer }) });
  }
  return out;
}

/** One document of at least `tokens` tokens: corpus documents joined, cut after the token that reaches it. */
function longDocument(tokens: number): Doc {
  let text = '';
  for (const d of makeCorpus(tokens * 8)) {
    text += (text ? '\n\n' : '') + d.text;
    if (tokenizer.count(text) >= tokens) break;
  }
  const spans = tokenizer.encode(text);
  if (spans.length > tokens) text = text.slice(0, spans[tokens - 1].end);
  return parseDocument({ id: 'long', text, format: 'markdown' });
}

const base = { mode, model: model.info.id, hidden: 0, maxTokens, threads: 1 };

if (mode === 'overhead') {
  const all = (await corpusChunks(Math.max(64 * 1024, n * 1200))).flatMap(({ doc, chunks }) =>
    chunks.map((c) => c.prefix + doc.text.slice(c.start, c.end)),
  );
  const texts = all.slice(0, n);
  // Record the exact batches the pipeline sends (same rows, same padding), then turn them into
  // tensors ahead of time: the raw loop is session.run and nothing else.
  const recorded: RunnerBatch[] = [];
  const recorder: ModelRunner = {
    run: (b) => {
      recorded.push({ inputIds: b.inputIds.map((r) => r.slice()), attentionMask: b.attentionMask.map((r) => r.slice()), tokenTypeIds: b.tokenTypeIds?.map((r) => r.slice()) });
      return runner.run(b);
    },
  };
  const cold = await measure(() => embedderOf(recorder).embed(texts, 'passage'));
  const tensor = (rows: number[][]) => {
    const s = rows[0].length;
    const data = new BigInt64Array(rows.length * s);
    rows.forEach((r, i) => r.forEach((v, j) => (data[i * s + j] = BigInt(v))));
    return new ort.Tensor('int64', data, [rows.length, s]);
  };
  const names = new Set(session.inputNames);
  const feeds = recorded.map((b) => {
    const f: Record<string, ort.Tensor> = { input_ids: tensor(b.inputIds), attention_mask: tensor(b.attentionMask) };
    if (names.has('token_type_ids')) f.token_type_ids = tensor(b.tokenTypeIds ?? b.inputIds.map((r) => r.map(() => 0)));
    return f;
  });
  const realTokens = recorded.reduce((s, b) => s + b.attentionMask.flat().reduce((x, y) => x + y, 0), 0);
  const paddedTokens = recorded.reduce((s, b) => s + b.inputIds.length * b.inputIds[0].length, 0);
  const embedder = embedderOf(runner);
  const raw = async () => {
    for (const f of feeds) await session.run(f);
  };
  await raw(); // warm-up
  const pipe: { seconds: number; cpuSeconds: number }[] = [];
  const rawT: { seconds: number; cpuSeconds: number }[] = [];
  for (let i = 0; i < REPS; i++) {
    rawT.push(await measure(raw));
    pipe.push(await measure(() => embedder.embed(texts, 'passage')));
  }
  const p = best(pipe);
  const r = best(rawT);
  const out = await embedder.embed(texts.slice(0, 1), 'passage');
  console.log(
    JSON.stringify({
      ...base,
      hidden: out[0].length,
      texts: texts.length,
      batches: recorded.length,
      realTokens,
      paddedTokens,
      pipeline: { ...p, tokensPerSec: realTokens / p.seconds },
      pipelineFirstPass: { ...cold, tokensPerSec: realTokens / cold.seconds },
      raw: { ...r, tokensPerSec: realTokens / r.seconds },
      overhead: p.seconds / r.seconds - 1,
      overheadCpu: p.cpuSeconds / r.cpuSeconds - 1,
    }),
  );
} else {
  const doc = longDocument(n);
  const docTokens = tokenizer.count(doc.text);
  const chunks = await chunkDocument(doc, 'structure', { maxTokens: 256 }, { tokenizer });
  const spans = chunks.map((c) => ({ start: c.start, end: c.end }));
  const late = () => lateChunk(doc.text, spans, { runner, tokenizer, ...special, maxTokens, prefix: model.info.prefixes?.passage });
  if (mode === 'late-rss') {
    // Everything but the late chunking itself is loaded already: the difference is its cost.
    const rssBeforeMB = process.memoryUsage().rss / 1048576;
    const t = await measure(late);
    const r = await late();
    console.log(
      JSON.stringify({
        ...base,
        hidden: r.vectors[0]?.length ?? 0,
        docTokens,
        chunks: spans.length,
        windows: r.windows.length,
        macroWindows: r.windows.length > 1,
        ...t,
        rssBeforeMB,
        maxRssMB: process.resourceUsage().maxRSS / 1024,
      }),
    );
  } else {
    const embedder = embedderOf(runner);
    const texts = chunks.map((c) => doc.text.slice(c.start, c.end));
    const r = await late(); // warm-up
    await embedder.embed(texts, 'passage');
    const lateT: { seconds: number; cpuSeconds: number }[] = [];
    const sepT: { seconds: number; cpuSeconds: number }[] = [];
    const singleT: { seconds: number; cpuSeconds: number }[] = [];
    for (let i = 0; i < REPS; i++) {
      lateT.push(await measure(late));
      sepT.push(await measure(() => embedder.embed(texts, 'passage')));
    }
    // Literally one at a time (one model call per chunk), once: what a naive loop costs.
    singleT.push(await measure(async () => {
      for (const t of texts) await embedder.embed([t], 'passage');
    }));
    const l = best(lateT);
    const s = best(sepT);
    console.log(
      JSON.stringify({
        ...base,
        hidden: r.vectors[0]?.length ?? 0,
        docTokens,
        chunks: spans.length,
        windows: r.windows.length,
        macroWindows: r.windows.length > 1,
        late: { ...l, tokensPerSec: docTokens / l.seconds },
        separateBatched: { ...s, tokensPerSec: docTokens / s.seconds },
        separateOneCallEach: { ...singleT[0], tokensPerSec: docTokens / singleT[0].seconds },
        lateOverSeparate: l.seconds / s.seconds,
        lateOverSeparateCpu: l.cpuSeconds / s.cpuSeconds,
      }),
    );
  }
}
