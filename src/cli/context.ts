// Node glue for generated context: a file-backed ContextCache (.cache/context.jsonl, append-only, so
// an interrupted run keeps every finished sentence and the next run resumes) and a provider built
// from a "kind:model" spec with the key read from the environment, never from the command line.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { createHttpProvider, type ContextCache, type ContextProvider, type ProviderConfig, type ProviderKind } from '../engine/context/index.ts';
import { InputError } from '../engine/types.ts';

/** One JSON object a line: {"k": key, "s": sentence}. A torn last line (crash mid-write) is ignored. */
export class FileContextCache implements ContextCache {
  private map: Map<string, string> | null = null;

  constructor(readonly file = path.resolve('.cache', 'context.jsonl')) {}

  private load(): Map<string, string> {
    if (this.map) return this.map;
    const m = new Map<string, string>();
    if (existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const o = JSON.parse(line) as { k?: unknown; s?: unknown };
          if (typeof o.k === 'string' && typeof o.s === 'string') m.set(o.k, o.s);
        } catch {
          /* a torn line: skip it */
        }
      }
    }
    this.map = m;
    return m;
  }

  get size(): number {
    return this.load().size;
  }

  async get(key: string): Promise<string | undefined> {
    return this.load().get(key);
  }

  async set(key: string, sentence: string): Promise<void> {
    const m = this.load();
    if (m.get(key) === sentence) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, JSON.stringify({ k: key, s: sentence }) + '\n', 'utf8');
    m.set(key, sentence);
  }
}

/**
 * A provider from "openai:<model>" or "anthropic:<model>". The key comes from CHUNKLAB_CONTEXT_API_KEY,
 * else OPENAI_API_KEY / ANTHROPIC_API_KEY; the base URL from CHUNKLAB_CONTEXT_BASE_URL (e.g. a local
 * Ollama at http://localhost:11434/v1). Returns the config too (redact it before writing it anywhere).
 */
export function providerFromSpec(spec: string, env: Record<string, string | undefined> = process.env): { provider: ContextProvider; config: ProviderConfig } {
  const m = /^(openai|anthropic):(.+)$/.exec(spec?.trim() ?? '');
  if (!m) throw new InputError(`"${spec}" is not a provider spec (expected openai:<model> or anthropic:<model>)`, '--context-model');
  const kind = m[1] as ProviderKind;
  const apiKey = env.CHUNKLAB_CONTEXT_API_KEY ?? (kind === 'openai' ? env.OPENAI_API_KEY : env.ANTHROPIC_API_KEY);
  const config: ProviderConfig = { kind, model: m[2].trim(), apiKey };
  const base = env.CHUNKLAB_CONTEXT_BASE_URL;
  if (base) config.baseUrl = base;
  return { provider: createHttpProvider(config), config };
}
