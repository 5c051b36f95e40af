// The chosen language model as a provider the page can call: HTTP providers (OpenAI-compatible,
// Anthropic) from the engine's llm client with the key of ./settings.svelte.ts, and the in-page
// model, which loads and runs in the context worker (workers/context.worker.ts, through the bridge)
// one call at a time; an abort terminates that worker.
import * as Comlink from 'comlink';
import { createAnthropicProvider, createOpenAIProvider, type ContextProvider, type ProviderConfig } from '../../engine/llm/index.ts';
import { InputError } from '../../engine/types.ts';
import { cancelContextWorker, contextWorker } from '../bridge/context.ts';
import { pickedLocalFolder, providerConfig, providerState } from './settings.svelte.ts';

/** Loads the chosen in-page model (a catalogue id, or the picked folder) in the context worker. */
export async function loadLocalModel(config: ProviderConfig = providerConfig()): Promise<{ id: string; device: string }> {
  const info = await contextWorker(
    (w) =>
      w.loadLocal(
        config,
        Comlink.proxy((p: { file?: string; loaded?: number; total?: number; status?: string }) => {
          providerState.localLoad = { ...p };
        }),
        pickedLocalFolder() ?? undefined,
      ),
    'load',
  );
  providerState.localLoad = { ...(providerState.localLoad ?? {}), device: info.device };
  return info;
}

/** A provider running in the worker: the page's callers call it; abort terminates the worker. */
async function localProvider(config: ProviderConfig): Promise<ContextProvider> {
  const info = await loadLocalModel(config);
  return {
    id: info.id,
    async generate(prompt, opts) {
      if (opts.signal?.aborted) throw new DOMException('cancelled', 'AbortError');
      const onAbort = () => cancelContextWorker();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await contextWorker((w) => w.generateLocal(prompt, opts.maxTokens), 'generate');
      } finally {
        opts.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

/** The chosen provider (contextual retrieval, question generation's in-page model, the llm chunker). */
export async function makeProvider(): Promise<ContextProvider> {
  const c = providerConfig();
  if (c.kind === 'openai') return createOpenAIProvider(c);
  if (c.kind === 'anthropic') {
    if (!c.apiKey) throw new InputError('Anthropic needs an API key', 'provider key', { code: 'no-api-key' });
    return createAnthropicProvider(c);
  }
  return localProvider(c);
}
