// Choosing the passages questions are asked about: every document gets its share, in proportion to
// its length, and a document's passages are spread over its sections (one per stratum of the
// document, chosen at random inside it). Passages are runs of whole blocks of about `passageTokens`
// tokens that never cross a top-level section. The same seed gives the same passages.

import { seededRandom } from '../util/random.ts';
import type { Block, Doc, Span } from '../types.ts';

export interface Passage extends Span {
  docId: string;
  headingPath: string[];
}

export interface SampleOptions {
  /** Passages in all (at least one per document while there are enough). */
  count: number;
  /** Target passage size in tokens (default 300). */
  passageTokens?: number;
  /** Counts tokens (default: characters / 4). */
  countTokens?: (text: string) => number;
  seed?: number | string;
}

const approx = (t: string) => Math.ceil(t.length / 4);

/** Every candidate passage of a document: consecutive blocks packed up to the target size. */
export function candidatePassages(doc: Doc, passageTokens = 300, countTokens: (t: string) => number = approx): Passage[] {
  const out: Passage[] = [];
  let cur: Block[] = [];
  let size = 0;
  const flush = () => {
    const body = cur.filter((b) => b.kind !== 'heading' && b.kind !== 'rule' && b.kind !== 'front-matter');
    if (body.length) {
      const last = body[body.length - 1];
      out.push({ docId: doc.id, start: cur[0].start, end: last.end, headingPath: last.headingPath.slice() });
    }
    cur = [];
    size = 0;
  };
  for (const b of doc.blocks) {
    if (b.kind === 'front-matter') continue;
    const t = countTokens(doc.text.slice(b.start, b.end));
    const newSection = b.kind === 'heading' && (b.level ?? 1) <= 2;
    if (cur.length && (newSection || size + t > passageTokens)) flush();
    cur.push(b);
    size += t;
  }
  flush();
  return out;
}

/** Shares of `total` in proportion to `weights`, each at least 1 while total allows (largest remainders). */
export function apportion(weights: readonly number[], total: number): number[] {
  const n = weights.length;
  const shares = new Array<number>(n).fill(0);
  if (!n || total <= 0) return shares;
  let left = total;
  if (total >= n) {
    shares.fill(1);
    left -= n;
  }
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((w) => (w / sum) * left);
  let given = 0;
  exact.forEach((x, i) => {
    shares[i] += Math.floor(x);
    given += Math.floor(x);
  });
  const order = exact.map((x, i) => [x - Math.floor(x), weights[i], i] as const).sort((a, b) => b[0] - a[0] || b[1] - a[1] || a[2] - b[2]);
  for (let k = 0; k < left - given; k++) shares[order[k % n][2]]++;
  return shares;
}

/** The passages to ask about, in document order within each document. */
export function samplePassages(docs: readonly Doc[], opts: SampleOptions): Passage[] {
  const rand = seededRandom(opts.seed ?? 0);
  const perDoc = docs.map((d) => candidatePassages(d, opts.passageTokens ?? 300, opts.countTokens ?? approx));
  const usable = docs.map((_, i) => perDoc[i].length > 0);
  const weights = docs.map((d, i) => (usable[i] ? d.text.length : 0));
  const idx = docs.map((_, i) => i).filter((i) => usable[i]);
  const shares = apportion(idx.map((i) => weights[i]), opts.count);
  const out: Passage[] = [];
  idx.forEach((di, k) => {
    const cands = perDoc[di];
    const n = Math.min(shares[k], cands.length);
    // n strata over the candidates, one random pick inside each.
    for (let s = 0; s < n; s++) {
      const lo = Math.floor((s * cands.length) / n);
      const hi = Math.floor(((s + 1) * cands.length) / n);
      out.push(cands[lo + Math.floor(rand() * (hi - lo))]);
    }
  });
  return out;
}
