// The in-page provider's plumbing up to the model call, with an injected fake transformers.js
// runtime: pipeline arguments, WebGPU → WASM fallback, chat messages and greedy decoding, output
// parsing, one call at a time, cancellation through the stopper, and the catalogue's consistency.
import { describe, expect, it } from 'vitest';
import { createLocalProvider, generatedText, LOCAL_MODELS, localModelInfo, type LocalRuntime } from '../../../src/engine/llm/local.ts';
import { addContext } from '../../../src/engine/context/add-context.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { InputError, type Chunk, type TextTokenizer } from '../../../src/engine/types.ts';

interface Call {
  messages: { role: string; content: string }[];
  options: Record<string, unknown>;
}

function fakeRuntime(opts: { failWebgpu?: boolean; answer?: (c: Call) => string; gate?: () => Promise<void> } = {}) {
  const loads: { task: string; model: string; options: Record<string, unknown> }[] = [];
  const calls: Call[] = [];
  const stoppers: { interrupted: boolean; interrupt(): void }[] = [];
  let active = 0;
  let maxActive = 0;
  const runtime: LocalRuntime = {
    async pipeline(task, model, options) {
      loads.push({ task, model, options });
      if (opts.failWebgpu && options.device === 'webgpu') throw new Error('no available backend found');
      const gen = async (messages: Call['messages'], options: Record<string, unknown>) => {
        active++;
        maxActive = Math.max(maxActive, active);
        const call = { messages, options };
        calls.push(call);
        try {
          await opts.gate?.();
          const content = opts.answer ? opts.answer(call) : 'Frase gerada localmente.';
          return [{ generated_text: [...messages, { role: 'assistant', content }] }];
        } finally {
          active--;
        }
      };
      return gen;
    },
    makeStopper() {
      const s = {
        interrupted: false,
        interrupt() {
          s.interrupted = true;
        },
      };
      stoppers.push(s);
      return s;
    },
  };
  return { runtime, loads, calls, stoppers, maxActive: () => maxActive };
}

describe('local provider', () => {
  it('creates a text-generation pipeline with the model, device and default dtype', async () => {
    const f = fakeRuntime();
    const p = await createLocalProvider({ kind: 'local', model: 'onnx-community/Qwen2.5-0.5B-Instruct', device: 'wasm' }, { runtime: f.runtime });
    expect(f.loads).toEqual([{ task: 'text-generation', model: 'onnx-community/Qwen2.5-0.5B-Instruct', options: { device: 'wasm', dtype: 'q4f16', progress_callback: undefined } }]);
    expect(p.id).toBe('local:onnx-community/Qwen2.5-0.5B-Instruct');
  });

  it('falls back from WebGPU to WASM when no adapter is found', async () => {
    const f = fakeRuntime({ failWebgpu: true });
    const p = await createLocalProvider({ kind: 'local', model: 'HuggingFaceTB/SmolLM2-360M-Instruct', device: 'webgpu', dtype: 'q4' }, { runtime: f.runtime });
    expect(f.loads.map((l) => l.options.device)).toEqual(['webgpu', 'wasm']);
    expect(f.loads[1].options.dtype).toBe('q4');
    expect((p as unknown as { device: string }).device).toBe('wasm');
  });

  it('sends system + user messages with greedy decoding and max_new_tokens, and returns the reply', async () => {
    const f = fakeRuntime({ answer: (c) => `Resposta a ${c.messages[1].content.length} caracteres.` });
    const p = await createLocalProvider({ kind: 'local', model: 'x/y' }, { runtime: f.runtime });
    const r = await p.generate({ system: 'SYS', user: 'USER' }, { maxTokens: 42 });
    expect(r.text).toBe('Resposta a 4 caracteres.');
    expect(f.calls[0].messages).toEqual([
      { role: 'system', content: 'SYS' },
      { role: 'user', content: 'USER' },
    ]);
    expect(f.calls[0].options).toMatchObject({ max_new_tokens: 42, do_sample: false });
    expect(f.calls[0].options.stopping_criteria).toBe(f.stoppers[0]);
  });

  it('runs one generation at a time and interrupts generation on cancel', async () => {
    let release!: () => void;
    const f = fakeRuntime({ gate: () => new Promise<void>((r) => (release = r)) });
    const p = await createLocalProvider({ kind: 'local', model: 'x/y' }, { runtime: f.runtime });
    const ctrl = new AbortController();
    const first = p.generate({ system: 's', user: 'u1' }, { maxTokens: 5, signal: ctrl.signal });
    const second = p.generate({ system: 's', user: 'u2' }, { maxTokens: 5 });
    await new Promise((r) => setTimeout(r, 10));
    expect(f.calls).toHaveLength(1); // the second waits for the first
    ctrl.abort();
    expect(f.stoppers[0].interrupted).toBe(true);
    release();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 10));
    release();
    expect((await second).text).toBe('Frase gerada localmente.');
    expect(f.maxActive()).toBe(1);
  });

  it('works as the provider of addContext', async () => {
    const f = fakeRuntime();
    const p = await createLocalProvider({ kind: 'local', model: 'x/y' }, { runtime: f.runtime });
    const text = '# Título\n\nUm parágrafo sobre prazos de entrega.\n';
    const doc = parseDocument({ id: 'd', text, format: 'markdown' });
    const start = text.indexOf('Um');
    const chunk: Chunk = { id: 'd#0', docId: 'd', index: 0, start, end: text.length - 1, prefix: '', tokens: 0, headingPath: ['Título'], flags: [] };
    const words: TextTokenizer = { name: 'words', count: (s) => s.split(/\s+/).filter(Boolean).length, encode: () => [] };
    const [out] = await addContext(doc, [chunk], { provider: p, tokenizer: words, maxTokens: 40, contextTokens: 10 });
    expect(out.context).toBe('Frase gerada localmente.');
    expect(out.prefix).toBe('Frase gerada localmente.\n');
    expect(out.tokens).toBe(3 + 6);
    expect(f.calls[0].messages[1].content).toContain('Um parágrafo sobre prazos de entrega.');
  });

  it('reads both output shapes and rejects bad configs', async () => {
    expect(generatedText([{ generated_text: 'plain' }])).toBe('plain');
    expect(generatedText([{ generated_text: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }] }])).toBe('a');
    expect(() => generatedText([{}])).toThrow(/generated_text/);
    await expect(createLocalProvider({ kind: 'openai', model: 'm' }, { runtime: fakeRuntime().runtime })).rejects.toThrow(InputError);
    await expect(createLocalProvider({ kind: 'local', model: ' ' }, { runtime: fakeRuntime().runtime })).rejects.toThrow(/model id/);
  });

  it('the catalogue is consistent', () => {
    expect(localModelInfo('onnx-community/Qwen2.5-0.5B-Instruct')?.downloadMB.q4f16).toBe(483);
    for (const m of LOCAL_MODELS) {
      expect(m.downloadMB[m.defaultDtype]).toBeGreaterThan(0);
      expect(m.promptBudget).toBeLessThan(m.contextWindow);
      expect(m.note.pt && m.note.en).toBeTruthy();
    }
    expect(new Set(LOCAL_MODELS.map((m) => m.id)).size).toBe(LOCAL_MODELS.length);
    // At least one model for Portuguese documents.
    expect(LOCAL_MODELS.some((m) => m.languages.includes('multilingual'))).toBe(true);
  });
});
