// Cache keys for generated sentences — (document hash, chunk hash, model, prompt hash) — and an
// in-memory cache. The page supplies a persistent one (IndexedDB) with the same two methods.

import { hash64 } from '../util/hash.ts';
import type { Doc } from '../types.ts';
import type { AnswerCache } from './types.ts';

/** Hash of a document's text (with its length, so only texts of equal length can collide). */
export function docHash(doc: Doc): string {
  return `${hash64(doc.text)}-${doc.text.length}`;
}

/** Hash of what the prompt shows of a chunk: its text and its heading path. */
export function chunkHash(doc: Doc, start: number, end: number, headingPath: readonly string[]): string {
  const text = doc.text.slice(start, end);
  return `${hash64(`${headingPath.join('\u001f')}\u0000${text}`)}-${text.length}`;
}

export interface ContextKeyParts {
  docHash: string;
  chunkHash: string;
  /** The provider's id (`kind:model`). */
  model: string;
  promptHash: string;
}

/** "ctx|<model>|<prompt>|<doc>|<chunk>": readable, and a prefix per model/prompt for clearing. */
export function contextCacheKey(p: ContextKeyParts): string {
  return `ctx|${p.model}|${p.promptHash}|${p.docHash}|${p.chunkHash}`;
}

/** Sentences in a Map for one session. */
export class MemoryAnswerCache implements AnswerCache {
  private readonly map = new Map<string, string>();

  get size(): number {
    return this.map.size;
  }

  async get(key: string): Promise<string | undefined> {
    return this.map.get(key);
  }

  async set(key: string, sentence: string): Promise<void> {
    this.map.set(key, sentence);
  }

  keys(): string[] {
    return [...this.map.keys()];
  }
}
