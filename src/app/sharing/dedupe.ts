// A class's results dropped as a folder often hold the same file twice (a copy, a second download):
// the same run from the same file counts once. Files are the same when their JSON texts are, bar
// the surrounding whitespace (FNV-1a over the text, then the text itself to rule out collisions).
import { fnv1a32 } from '../../engine/util/index.ts';

export function fingerprint(text: string): string {
  const s = text.trim();
  return `${fnv1a32(s).toString(16)}:${s.length}`;
}

/** Indices of `texts` that are neither in `known` (texts already open) nor repeat an earlier one of `texts`. */
export function newTexts(texts: readonly string[], known: readonly string[]): number[] {
  const seen = new Map<string, string[]>();
  const add = (t: string) => {
    const k = fingerprint(t);
    const list = seen.get(k) ?? [];
    if (list.includes(t.trim())) return false;
    list.push(t.trim());
    seen.set(k, list);
    return true;
  };
  for (const t of known) add(t);
  return texts.flatMap((t, i) => (add(t) ? [i] : []));
}

/** The results files of a folder or a drop: the .json files, hidden ones left out. */
export function resultsCandidates<T extends { name: string }>(files: readonly T[]): T[] {
  return files.filter((f) => /\.json$/i.test(f.name) && !f.name.startsWith('.'));
}
