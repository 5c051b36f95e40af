// A stand-in for an embedding model in the chunker tests and the spans snapshot: hashed
// bag-of-words unit vectors (64 dims, FNV-1a over each word), so the same words give the same
// vector; deterministic, no model. Its own module, so the snapshot fixture depends on nothing else.

/** Hashed bag-of-words unit vectors (64 dims): same words → same vector. */
export async function fakeEmbed(texts: string[]): Promise<Float32Array[]> {
  return texts.map((t) => {
    const v = new Float32Array(64);
    for (const w of t.toLowerCase().match(/\p{L}+/gu) ?? []) {
      let h = 2166136261;
      for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619);
      v[(h >>> 0) % 64] += 1;
    }
    let n = 0;
    for (const x of v) n += x * x;
    n = Math.sqrt(n) || 1;
    return v.map((x) => x / n);
  });
}
