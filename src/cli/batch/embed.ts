// Node: `batch --embedder`: once every part is chunked, the vectors. First the estimate over every
// part's texts still missing from the cache (texts, tokens, calls, price, time), confirmed on a
// terminal (--yes skips it; no terminal and no --yes: nothing is sent); then each part is embedded
// (the CLI's embedding-service client: batching, retries, the .cache/embeddings cache) and rewritten
// with a "vector" column, committed by an {"embedded": part} line in the manifest, so an interrupted
// run resumes at the first part without vectors (and the cache makes finished texts free).
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError, type TextTokenizer } from '../../engine/types.ts';
import {
  createProviderEmbedder,
  EmbeddingProviderError,
  formatEmbeddingEstimate,
  planEmbeddingRun,
  serviceTokenCounter,
  type EmbeddingEstimate,
} from '../../engine/embedding/providers/index.ts';
import type { ChunkRow } from '../../engine/recipe/index.ts';
import type { FlagValues } from '../commands.ts';
import { FileEmbeddingCache } from '../../node/embed-cache.ts';
import { askOnTerminal, serviceCliTokenizer, serviceConfig } from '../embedder.ts';
import { MANIFEST, readManifest, writeParquetPart } from './output.ts';

const embedText = (r: { prefix: string; text: string }) => r.prefix + r.text;

async function readPart(path: string): Promise<ChunkRow[]> {
  const { asyncBufferFromFile, parquetReadObjects } = await import('hyparquet');
  const rows = (await parquetReadObjects({ file: await asyncBufferFromFile(path) })) as Record<string, unknown>[];
  return rows.map((r) => {
    const row: ChunkRow = {
      id: r.id as string,
      docId: r.doc_id as string,
      index: r.chunk_index as number,
      start: r.start as number,
      end: r.end as number,
      text: r.text as string,
      prefix: r.prefix as string,
      tokens: r.tokens as number,
      headingPath: (typeof r.heading_path === 'string' ? JSON.parse(r.heading_path) : r.heading_path) as string[],
      recipeHash: r.recipe_hash as string,
    };
    if (r.page !== null && r.page !== undefined) row.page = r.page as number;
    if (r.return_start !== null && r.return_start !== undefined) row.returnStart = r.return_start as number;
    if (r.return_end !== null && r.return_end !== undefined) row.returnEnd = r.return_end as number;
    if (r.parent_id !== null && r.parent_id !== undefined) row.parentId = r.parent_id as string;
    return row;
  });
}

function addEstimates(a: EmbeddingEstimate | null, b: EmbeddingEstimate): EmbeddingEstimate {
  if (!a) return { ...b };
  return {
    ...a,
    texts: a.texts + b.texts,
    cached: a.cached + b.cached,
    tokens: a.tokens + b.tokens,
    calls: a.calls + b.calls,
    costUSD: a.costUSD === null || b.costUSD === null ? null : a.costUSD + b.costUSD,
    seconds: a.seconds + b.seconds,
    overLimit: a.overLimit + b.overLimit,
  };
}

export interface EmbedOptions {
  o: FlagValues<'batch'>;
  tokenizer: TextTokenizer;
  interactive?: boolean;
  confirm?: (q: string) => Promise<boolean>;
}

/** Embeds every committed part of `dir` that has no vectors yet. Returns the report line. */
export async function embedParts(dir: string, { o, tokenizer, interactive, confirm }: EmbedOptions): Promise<string> {
  const config = serviceConfig({
    spec: String(o.embedder),
    baseUrl: o['embed-base-url'],
    dimensions: o.dimensions,
    batchSize: o['embed-batch'],
    concurrency: o['embed-concurrency'],
  });
  // Counted as eval counts for this service: the model's own tiktoken encoding when it is an OpenAI
  // embedding model, else the recipe's tokenizer.
  const counter = serviceTokenCounter(config.kind, config.model, await serviceCliTokenizer(String(o.embedder)).catch(() => tokenizer));
  const cache = o['no-cache'] ? undefined : new FileEmbeddingCache(o['cache-dir'] ?? undefined);
  const embedder = createProviderEmbedder(config, { cache, countTokens: counter.count, tokensExact: counter.exact });
  const m = await readManifest(dir);
  if (!m) throw new InputError(`no ${MANIFEST}`, dir);
  const text = await import('node:fs/promises').then((f) => f.readFile(join(dir, MANIFEST), 'utf8'));
  const embedded = new Set(
    text
      .split('\n')
      .filter((l) => l.includes('"embedded"'))
      .map((l) => (JSON.parse(l) as { embedded: number }).embedded),
  );
  const todo = m.parts.filter((p) => p.file && !embedded.has(p.part));
  if (!todo.length) return `embedder   ${embedder.id}: every part has its vectors already`;

  // The estimate over every part first (one part's texts in memory at a time).
  let total: EmbeddingEstimate | null = null;
  let needsKey = false;
  for (const p of todo) {
    const rows = await readPart(join(dir, p.file!));
    const plan = await planEmbeddingRun(config, embedder, counter, [{ texts: rows.map(embedText), kind: 'passage' }]);
    total = addEstimates(total, plan.estimate);
    needsKey ||= plan.needsKey && plan.todo > 0;
  }
  console.error(formatEmbeddingEstimate(embedder.id, total!, counter.name));
  if (total!.texts > 0) {
    if (needsKey) throw new InputError('no API key: set OPENAI_API_KEY in the environment (a server of your own needs --embed-base-url and usually no key)', embedder.id);
    if (!o.yes) {
      const tty = interactive ?? !!(process.stdin.isTTY && process.stderr.isTTY);
      if (!tty) throw new InputError(`${total!.calls} calls to ${embedder.id} need confirmation and there is no terminal to ask on: pass --yes (the chunks are written; rerun with --yes to add the vectors)`, '--embedder');
      const ask = confirm ?? askOnTerminal;
      if (!(await ask('Send these texts to the service? [y/N] '))) throw new InputError('not confirmed: nothing was sent (the chunks are written)', '--embedder');
    }
  }
  for (const p of todo) {
    const path = join(dir, p.file!);
    const rows = await readPart(path);
    let vectors: Float32Array[];
    try {
      vectors = await embedder.embed(rows.map(embedText), 'passage');
    } catch (e) {
      if (e instanceof EmbeddingProviderError) throw new InputError(`${e.message} (parts done so far keep their vectors; rerun to resume)`);
      throw e;
    }
    await writeParquetPart(`${path}.tmp`, rows, vectors);
    await rename(`${path}.tmp`, path);
    const fd = await open(join(dir, MANIFEST), 'a');
    try {
      await fd.appendFile(JSON.stringify({ embedded: p.part, model: embedder.id, dimensions: vectors[0]?.length ?? 0 }) + '\n');
      await fd.sync();
    } finally {
      await fd.close();
    }
  }
  const s = embedder.stats();
  return `embedder   ${embedder.id}: ${todo.length} parts; ${s.calls} calls (${s.texts} texts sent), ${s.cacheHits} cache hits`;
}
