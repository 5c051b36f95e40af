// Pooling of token vectors into one vector per text (mean over the attention mask, or [CLS]) and
// L2 normalisation. Works on the runner's flat [batch, seq, hidden] output without copying it.

import type { RunnerOutput } from './runner.ts';

export type Pooling = 'mean' | 'cls';

/** Mean of row `b`'s token vectors where mask[b][t] is non-zero (sentence-transformers' mean pooling). */
export function meanPool(out: RunnerOutput, b: number, mask: readonly number[]): Float32Array {
  const [, seq, hidden] = out.dims;
  const acc = new Float64Array(hidden);
  let n = 0;
  for (let t = 0; t < seq; t++) {
    if (!mask[t]) continue;
    const off = (b * seq + t) * hidden;
    for (let h = 0; h < hidden; h++) acc[h] += out.data[off + h];
    n++;
  }
  const res = new Float32Array(hidden);
  if (n > 0) for (let h = 0; h < hidden; h++) res[h] = acc[h] / n;
  return res;
}

/** Mean of row `b`'s token vectors at positions [start, end) (late chunking's span pooling). */
export function meanPoolRange(out: RunnerOutput, b: number, start: number, end: number): Float32Array {
  const [, seq] = out.dims;
  const mask = new Array<number>(seq).fill(0);
  for (let t = Math.max(0, start); t < Math.min(seq, end); t++) mask[t] = 1;
  return meanPool(out, b, mask);
}

/** Row `b`'s first token vector ([CLS] or <s>). */
export function clsPool(out: RunnerOutput, b: number): Float32Array {
  const [, seq, hidden] = out.dims;
  const off = b * seq * hidden;
  return out.data.slice(off, off + hidden);
}

export function pool(out: RunnerOutput, b: number, mask: readonly number[], how: Pooling): Float32Array {
  return how === 'cls' ? clsPool(out, b) : meanPool(out, b, mask);
}

/** Scales `v` to unit length in place and returns it; a zero vector stays zero. */
export function l2Normalize(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  if (s > 0) {
    const inv = 1 / Math.sqrt(s);
    for (let i = 0; i < v.length; i++) v[i] *= inv;
  }
  return v;
}

/** Dot product (= cosine for unit vectors). */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
