// A real embedding service on 127.0.0.1 for tests (built on tests/engine/llm/server.ts): speaks
// the OpenAI, Cohere v2, Voyage or Jina shape, answers deterministic vectors derived from the text
// (a hashed bag of words, so retrieval has some signal), checks the key, enforces a batch limit with
// a 400, and can be told to fail (scripted per request) or to hold answers (for cancel tests).
import { startServer, type Recorded, type Reply, type TestServer } from '../../llm/server.ts';
import type { EmbeddingProviderKind } from '../../../../src/engine/embedding/providers/index.ts';

export const DIMS = 48;

function fnv(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h >>> 0;
}

/** The vector the server answers for `text` (not normalised): hashed, signed word counts. */
export function bowVector(text: string, dims = DIMS): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    v[fnv(w, 1) % dims] += fnv(w, 2) & 1 ? 1 : -1;
  }
  v[dims - 1] += 0.01; // never all zero
  return v;
}

/** Unit-length Float32Array of bowVector, as the client stores it. */
export function unitBow(text: string, dims = DIMS): Float32Array {
  const v = Float32Array.from(bowVector(text, dims));
  let s = 0;
  for (const x of v) s += x * x;
  const inv = 1 / Math.sqrt(s);
  return v.map((x) => x * inv);
}

export const PATHS: Record<EmbeddingProviderKind, { base: (url: string) => string; path: string }> = {
  openai: { base: (u) => `${u}/v1`, path: '/v1/embeddings' },
  cohere: { base: (u) => u, path: '/v2/embed' },
  voyage: { base: (u) => `${u}/v1`, path: '/v1/embeddings' },
  jina: { base: (u) => `${u}/v1`, path: '/v1/embeddings' },
};

export function textsOf(kind: EmbeddingProviderKind, body: any): string[] {
  return kind === 'cohere' ? body?.texts : body?.input;
}

/** A well-formed answer of `kind` for these vectors. */
export function answer(kind: EmbeddingProviderKind, vectors: number[][], texts: string[]): Reply {
  const tokens = texts.reduce((s, t) => s + t.split(/\s+/).length, 0);
  if (kind === 'cohere') return { json: { id: 'e-1', embeddings: { float: vectors }, texts, meta: { billed_units: { input_tokens: tokens } } } };
  return {
    json: {
      object: 'list',
      data: vectors.map((embedding, index) => ({ object: 'embedding', embedding, index })),
      model: 'm',
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
  };
}

export interface EmbeddingServerOptions {
  kind: EmbeddingProviderKind;
  key?: string;
  /** Texts per request the server accepts (more: 400). */
  maxInputs?: number;
  /** Replaces the answer of request n (1-based, counting every request) when it returns a reply. */
  fault?: (n: number, req: Recorded) => Reply | undefined | Promise<Reply | undefined>;
  /** Awaited before answering a good request (hold it open). */
  before?: (n: number) => Promise<void>;
}

export interface EmbeddingServer extends TestServer {
  base: string;
  /** Requests that reached the embedding path and were answered with vectors. */
  served: () => Recorded[];
  /** Most requests open at once. */
  maxInFlight: () => number;
}

export async function startEmbeddingServer(o: EmbeddingServerOptions): Promise<EmbeddingServer> {
  const served: Recorded[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = await startServer(async (req, n) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    try {
      if (req.path !== PATHS[o.kind].path) return { status: 404, json: { error: { message: `no route ${req.path}` } } };
      if (o.key && req.headers.authorization !== `Bearer ${o.key}`) return { status: 401, json: { error: { message: `bad key: ${req.headers.authorization}` } } };
      const f = await o.fault?.(n, req);
      if (f) return f;
      const texts = textsOf(o.kind, req.body);
      if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string' && t.length > 0)) return { status: 400, json: { error: { message: 'input must be a list of non-empty strings' } } };
      if (o.maxInputs && texts.length > o.maxInputs) return { status: 400, json: { error: { message: `batch of ${texts.length} is over the limit of ${o.maxInputs}` } } };
      const dims = req.body?.dimensions ?? req.body?.output_dimension ?? DIMS;
      await o.before?.(n);
      served.push(req);
      return answer(o.kind, texts.map((t) => bowVector(t, dims)), texts);
    } finally {
      open--;
    }
  });
  return Object.assign(server, { base: PATHS[o.kind].base(server.url), served: () => served, maxInFlight: () => maxOpen });
}
