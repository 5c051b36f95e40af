// A file-backed EmbeddingCache for the CLI: one append-only binary file per model and dtype
// (.cache/embeddings/<model>/<dtype>.bin), so a rerun does no model work for texts already seen.
// Record: u8 kind, u8 hash length, hash (ASCII), u32 LE dimensions, float32 LE × dimensions.
// A batch is appended in one write; a torn last record (crash mid-write) is ignored on load.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmbedKind, EmbeddingCache, EmbeddingCacheKey } from '../engine/embedding/index.ts';

// Append only: a record stores its kind's index.
const KINDS: EmbedKind[] = ['query', 'passage', 'late', 'rerank'];

/** A model id as a safe folder name: "Xenova/multilingual-e5-small" → "Xenova--multilingual-e5-small". */
export function modelSlug(model: string): string {
  return model.replace(/[\\/]+/g, '--').replace(/[^\w.-]+/g, '_').replace(/^\.+/, '_') || '_';
}

export class FileEmbeddingCache implements EmbeddingCache {
  private readonly files = new Map<string, Map<string, Float32Array>>();

  constructor(readonly root = path.resolve('.cache', 'embeddings')) {}

  fileOf(model: string, dtype: string): string {
    return path.join(this.root, modelSlug(model), `${modelSlug(dtype)}.bin`);
  }

  private load(file: string): Map<string, Float32Array> {
    let m = this.files.get(file);
    if (m) return m;
    m = new Map();
    if (existsSync(file)) {
      const buf = readFileSync(file);
      let p = 0;
      while (p + 2 <= buf.length) {
        const kind = KINDS[buf[p]];
        const hl = buf[p + 1];
        if (p + 2 + hl + 4 > buf.length) break;
        const hash = buf.toString('latin1', p + 2, p + 2 + hl);
        const dims = buf.readUInt32LE(p + 2 + hl);
        const start = p + 6 + hl;
        const end = start + dims * 4;
        if (end > buf.length || !kind) break; // torn or foreign tail
        const v = new Float32Array(dims);
        for (let i = 0; i < dims; i++) v[i] = buf.readFloatLE(start + i * 4);
        m.set(`${kind}\u0000${hash}`, v);
        p = end;
      }
    }
    this.files.set(file, m);
    return m;
  }

  async getMany(keys: EmbeddingCacheKey[]): Promise<(Float32Array | undefined)[]> {
    return keys.map((k) => this.load(this.fileOf(k.model, k.dtype)).get(`${k.kind}\u0000${k.hash}`)?.slice());
  }

  async setMany(entries: { key: EmbeddingCacheKey; vector: Float32Array }[]): Promise<void> {
    const byFile = new Map<string, Buffer[]>();
    for (const { key, vector } of entries) {
      const file = this.fileOf(key.model, key.dtype);
      const m = this.load(file);
      const mk = `${key.kind}\u0000${key.hash}`;
      if (m.has(mk)) continue;
      const kindCode = KINDS.indexOf(key.kind);
      if (kindCode < 0 || key.hash.length > 255) throw new Error(`bad cache key ${key.kind}/${key.hash}`);
      const rec = Buffer.alloc(6 + key.hash.length + vector.length * 4);
      rec[0] = kindCode;
      rec[1] = key.hash.length;
      rec.write(key.hash, 2, 'latin1');
      rec.writeUInt32LE(vector.length, 2 + key.hash.length);
      for (let i = 0; i < vector.length; i++) rec.writeFloatLE(vector[i], 6 + key.hash.length + i * 4);
      (byFile.get(file) ?? byFile.set(file, []).get(file)!).push(rec);
      m.set(mk, vector.slice());
    }
    for (const [file, recs] of byFile) {
      mkdirSync(path.dirname(file), { recursive: true });
      await appendFile(file, Buffer.concat(recs));
    }
  }
}
