// Node: a language model's answers kept in a file, one JSON object a line (generated context
// sentences, the llm chunker's boundaries, generated questions: each in its own file under .cache).
// Append-only: an interrupted run keeps every finished answer and the next run resumes.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnswerCache } from '../engine/llm/index.ts';

/** One JSON object a line: {"k": key, "s": sentence}. A torn last line (crash mid-write) is ignored. */
export class FileAnswerCache implements AnswerCache {
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
