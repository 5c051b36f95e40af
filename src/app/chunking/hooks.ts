// What the page lends the engine worker when it chunks: the loaded embedding model for the semantic
// chunker (vectors from the embedding worker, with its IndexedDB cache). The llm chunker's language
// model (src/app/llm) is called by the engine worker itself, which is primed with its config by the
// bridge and keeps the answers in IndexedDB "chunklab-llm"/"answers"; only the in-page model, which
// runs in the llm worker, is relayed through here. The inspector, the search view and the
// experiments all use these, so every view chunks with the same models.
//
//   chunkModels(chunker)        plain ids for the worker: { embedder?, generator? }
//   chunkHooks(chunker, signal) a Comlink.proxy with embed (semantic) or generate (llm, in-page model)
//   lentFor(chunker)            the embedder's id and, with it, the hooks (what a corpus call lends)
//   llmProblem()                why the llm chunker cannot run now ('key'), or null
import * as Comlink from 'comlink';
import type { ChunkHooks, ChunkModels } from '../../../workers/engine-api.ts';
import { embedVectors, modelLabel, modelState } from '../models/state.svelte.ts';
import { providerId, providerProblem, providerState } from '../llm/settings.svelte.ts';
import { localProvider } from '../llm/provider.ts';
import type { TextGenerator } from '../../engine/llm/index.ts';

/** Whether an embedding model is loaded now (the semantic chunker then embeds with it). */
export function modelLoaded(): boolean {
  return modelState.phase === 'ready' && !!modelState.status;
}

/** Why the llm chunker cannot call its model now, or null. */
export function llmProblem(): 'key' | null {
  void providerState.hasKey; // reactive: storing a key makes the provider usable
  return providerProblem();
}

export function chunkModels(chunker: string): ChunkModels {
  if (chunker === 'semantic' && modelLoaded()) return { embedder: modelLabel() };
  if (chunker === 'llm' && !llmProblem()) return { generator: providerId() };
  return {};
}

/** The hooks for one chunking; `signal` cancels the page-side work (embedding, model calls). */
export function chunkHooks(chunker: string, signal?: AbortSignal): ChunkHooks | undefined {
  if (chunker === 'semantic' && modelLoaded()) {
    return Comlink.proxy({ embed: (texts: string[], kind: 'query' | 'passage') => embedVectors(texts, kind, undefined, signal) });
  }
  if (chunker === 'llm' && providerState.settings.kind === 'local') {
    let provider: Promise<TextGenerator> | null = null;
    return Comlink.proxy({
      generate: async (prompt: { system: string; user: string }, maxTokens: number) => {
        if (signal?.aborted) throw new DOMException('cancelled', 'AbortError');
        provider ??= localProvider();
        const { text } = await (await provider).generate(prompt, { maxTokens, signal });
        return { text };
      },
    });
  }
  return undefined;
}

/** What a call about a corpus lends for one chunker (src/app/bridge/corpus.ts): the embedder and, with one, its hooks. */
export function lentFor(chunker: string): { embedder?: string; hooks?: ChunkHooks } {
  const embedder = chunkModels(chunker).embedder;
  return { embedder, hooks: embedder ? chunkHooks(chunker) : undefined };
}
