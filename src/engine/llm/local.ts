// A model running in the page (transformers.js text-generation) as a text generator, and the
// catalogue of small instruction-tuned models offered for it. transformers.js is imported only when a
// local provider is created (dynamic import), so pages and tests that never use one never load it.
// Sizes are the ONNX files transformers.js downloads for each dtype, read from each repository's
// onnx/ listing on the Hugging Face Hub.

import { InputError } from '../types.ts';
import { abortError } from './http.ts';
import type { Prompt, TextGenerator, GenerateOptions, GenerateResult, ProviderConfig } from './types.ts';

export interface LocalModelInfo {
  id: string;
  label: string;
  /** Parameters, in millions. */
  paramsM: number;
  /** Download size in MB of the ONNX weights per dtype. */
  downloadMB: Partial<Record<'q4f16' | 'q4' | 'fp16' | 'q8', number>>;
  /** dtype used unless the user picks another. */
  defaultDtype: 'q4f16' | 'q4' | 'fp16' | 'q8';
  /** The model's context length in tokens (prompt + answer). */
  contextWindow: number;
  /** Prompt tokens we give it by default: small models in a browser are slow to read long prompts. */
  promptBudget: number;
  /** BCP-47 codes it was trained for; 'multilingual' covers Portuguese and English. */
  languages: string[];
  license: string;
  note: { pt: string; en: string };
}

export const LOCAL_MODELS: readonly LocalModelInfo[] = [
  {
    // onnx-community/Qwen2.5-0.5B-Instruct onnx/: model_q4f16.onnx 483 MB, model_q4.onnx 786 MB,
    // model_quantized.onnx 512 MB, model_fp16.onnx 997 MB. Qwen2.5: 32,768-token context, 29+ languages.
    id: 'onnx-community/Qwen2.5-0.5B-Instruct',
    label: 'Qwen2.5 0.5B Instruct',
    paramsM: 494,
    downloadMB: { q4f16: 483, q4: 786, q8: 512, fp16: 997 },
    defaultDtype: 'q4f16',
    contextWindow: 32_768,
    promptBudget: 3000,
    languages: ['multilingual'],
    license: 'Apache-2.0',
    note: {
      pt: 'O menor modelo que escreve bem em português; ~480 MB baixados uma vez.',
      en: 'The smallest model that writes decent Portuguese; ~480 MB downloaded once.',
    },
  },
  {
    // onnx-community/Qwen2.5-1.5B-Instruct onnx/: model_q4f16.onnx 1.22 GB, model_q4.onnx 1.79 GB, model_quantized.onnx 1.58 GB.
    id: 'onnx-community/Qwen2.5-1.5B-Instruct',
    label: 'Qwen2.5 1.5B Instruct',
    paramsM: 1544,
    downloadMB: { q4f16: 1220, q4: 1790, q8: 1580 },
    defaultDtype: 'q4f16',
    contextWindow: 32_768,
    promptBudget: 4000,
    languages: ['multilingual'],
    license: 'Apache-2.0',
    note: {
      pt: 'Frases melhores, mas 1,2 GB e lento sem WebGPU.',
      en: 'Better sentences, but 1.2 GB and slow without WebGPU.',
    },
  },
  {
    // HuggingFaceTB/SmolLM2-360M-Instruct onnx/: model_q4f16.onnx 299 MB, model_q4.onnx 417 MB, model_fp16.onnx 819 MB. 8,192-token context; English.
    id: 'HuggingFaceTB/SmolLM2-360M-Instruct',
    label: 'SmolLM2 360M Instruct',
    paramsM: 362,
    downloadMB: { q4f16: 299, q4: 417, fp16: 819 },
    defaultDtype: 'q4f16',
    contextWindow: 8192,
    promptBudget: 2000,
    languages: ['en'],
    license: 'Apache-2.0',
    note: {
      pt: 'Só inglês; ~300 MB. Para documentos em português, prefira o Qwen2.5.',
      en: 'English only; ~300 MB. For Portuguese documents prefer Qwen2.5.',
    },
  },
  {
    // HuggingFaceTB/SmolLM2-135M-Instruct onnx/: model_q4f16.onnx 134 MB, model_q4.onnx 200 MB, model_fp16.onnx 327 MB.
    id: 'HuggingFaceTB/SmolLM2-135M-Instruct',
    label: 'SmolLM2 135M Instruct',
    paramsM: 135,
    downloadMB: { q4f16: 134, q4: 200, fp16: 327 },
    defaultDtype: 'q4f16',
    contextWindow: 8192,
    promptBudget: 1500,
    languages: ['en'],
    license: 'Apache-2.0',
    note: {
      pt: 'Minúsculo (~130 MB), para testar o fluxo; frases fracas.',
      en: 'Tiny (~130 MB), to try the flow; weak sentences.',
    },
  },
];

export function localModelInfo(id: string): LocalModelInfo | undefined {
  return LOCAL_MODELS.find((m) => m.id === id);
}

/** What we need of a transformers.js text-generation pipeline. */
export type TextGenerationPipeline = (
  messages: { role: 'system' | 'user'; content: string }[],
  options: Record<string, unknown>,
) => Promise<unknown>;

/** What we need of transformers.js: making the pipeline, and a stopper to interrupt generation. */
export interface LocalRuntime {
  pipeline(task: 'text-generation', model: string, options: Record<string, unknown>): Promise<TextGenerationPipeline & { dispose?: () => Promise<void> }>;
  /** An object passed as stopping_criteria with interrupt(); absent: cancellation waits for the call to end. */
  makeStopper?(): { interrupt(): void };
}

/** The real runtime: transformers.js, loaded on first use. */
async function transformersRuntime(): Promise<LocalRuntime> {
  const t = await import('@huggingface/transformers');
  return {
    pipeline: async (task, model, options) => (await t.pipeline(task, model, options as never)) as unknown as TextGenerationPipeline,
    makeStopper: () => new t.InterruptableStoppingCriteria(),
  };
}

export interface LocalProviderOptions {
  /** Injected in tests (a fake pipeline); by default transformers.js. */
  runtime?: LocalRuntime;
  /** Download/load progress as transformers.js reports it (status, file, progress 0-100). */
  onLoadProgress?: (info: unknown) => void;
}

/** The assistant's text from a text-generation output (chat input: the last message's content). */
export function generatedText(output: unknown): string {
  const first = Array.isArray(output) ? output[0] : output;
  const g = (first as { generated_text?: unknown } | undefined)?.generated_text;
  if (typeof g === 'string') return g;
  if (Array.isArray(g)) {
    const last = g.at(-1) as { content?: unknown } | undefined;
    if (typeof last?.content === 'string') return last.content;
  }
  throw new Error('the local model returned no generated_text');
}

/**
 * Loads the model (download on first use, then the browser's cache) and returns a provider.
 * device 'webgpu' falls back to 'wasm' when no GPU adapter is found.
 */
export async function createLocalProvider(config: ProviderConfig, opts: LocalProviderOptions = {}): Promise<TextGenerator> {
  if (config?.kind !== 'local') throw new InputError(`expected a local provider, got "${String(config?.kind)}"`, 'provider kind');
  const model = typeof config.model === 'string' ? config.model.trim() : '';
  if (!model) throw new InputError('a model id is required (e.g. onnx-community/Qwen2.5-0.5B-Instruct)', 'provider model');
  const runtime = opts.runtime ?? (await transformersRuntime());
  const info = localModelInfo(model);
  const dtype = config.dtype ?? info?.defaultDtype ?? 'q4f16';
  const device = config.device ?? 'wasm';
  const load = (d: string) => runtime.pipeline('text-generation', model, { device: d, dtype, progress_callback: opts.onLoadProgress });
  let generator: Awaited<ReturnType<LocalRuntime['pipeline']>>;
  let usedDevice = device;
  try {
    generator = await load(device);
  } catch (e) {
    if (device !== 'webgpu') throw e;
    usedDevice = 'wasm';
    generator = await load('wasm');
  }
  let queue: Promise<unknown> = Promise.resolve();
  return {
    id: `local:${model}`,
    /** The device actually used (after a WebGPU fallback). */
    get device() {
      return usedDevice;
    },
    generate(prompt: Prompt, gopts: GenerateOptions): Promise<GenerateResult> {
      // One generation at a time: the model is one session.
      const run = queue.then(async () => {
        const signal = gopts.signal;
        if (signal?.aborted) throw abortError(signal);
        const stopper = runtime.makeStopper?.();
        const onAbort = () => stopper?.interrupt();
        signal?.addEventListener('abort', onAbort, { once: true });
        try {
          const out = await generator(
            [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
            { max_new_tokens: gopts.maxTokens, do_sample: false, ...(stopper ? { stopping_criteria: stopper } : {}) },
          );
          if (signal?.aborted) throw abortError(signal);
          return { text: generatedText(out) };
        } finally {
          signal?.removeEventListener('abort', onAbort);
        }
      });
      queue = run.catch(() => {});
      return run;
    },
    async dispose() {
      await generator.dispose?.();
    },
  } as TextGenerator;
}
