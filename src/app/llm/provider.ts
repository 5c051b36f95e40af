// The in-page language model: it loads and runs in the llm worker (workers/llm.worker.ts,
// through the bridge) one call at a time; an abort terminates that worker. HTTP services are never
// called from the page: the workers that need them are primed with their config (src/app/bridge) and
// call them themselves (workers/llm-client.ts).
import * as Comlink from 'comlink';
import type { TextGenerator, ProviderConfig } from '../../engine/llm/index.ts';
import { cancelLlmWorker, llmWorker } from '../bridge/llm.ts';
import { pickedLocalFolder, providerConfig, providerState } from './settings.svelte.ts';
import { FolderNeededError } from '../components/folder.ts';

/** Loads the chosen in-page model (a catalogue id, or the picked folder) in the llm worker. */
export async function loadLocalModel(config: ProviderConfig = providerConfig()): Promise<{ id: string; device: string }> {
  // The folder used before a reload is not here: ask for it rather than download the catalogue model.
  if (config.kind === 'local' && providerState.folderAgain && !pickedLocalFolder()) throw new FolderNeededError('generator', providerState.folderAgain);
  const info = await llmWorker(
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

/** The in-page model as a provider (the llm chunker's relay): abort terminates the llm worker. */
export async function localProvider(config: ProviderConfig = providerConfig()): Promise<TextGenerator> {
  const info = await loadLocalModel(config);
  return {
    id: info.id,
    async generate(prompt, opts) {
      if (opts.signal?.aborted) throw new DOMException('cancelled', 'AbortError');
      const onAbort = () => cancelLlmWorker();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await llmWorker((w) => w.generateLocal(prompt, opts.maxTokens), 'generate');
      } finally {
        opts.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
