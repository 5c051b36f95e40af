// Where a keyboard step or a "split" puts a boundary in the inspector's hand edits: the start of the
// next or previous word, or one character (never half of a surrogate pair). Presentation only: the
// engine snaps and checks every position again (src/engine/edit).
const BLANK = /\s/;

function isWordStart(text: string, p: number): boolean {
  return p > 0 && p < text.length && !BLANK.test(text[p]) && BLANK.test(text[p - 1]);
}

/** The start of the next word after `at` (dir 1) or the previous one before it (dir -1); `at` when none. */
export function wordStep(text: string, at: number, dir: 1 | -1): number {
  for (let p = at + dir; p > 0 && p < text.length; p += dir) if (isWordStart(text, p)) return p;
  return at;
}

/** One character on from `at` in direction `dir` (a surrogate pair counts as one character). */
export function charStep(text: string, at: number, dir: 1 | -1): number {
  let p = Math.max(0, Math.min(text.length, at + dir));
  const c = text.charCodeAt(p);
  if (p > 0 && p < text.length && c >= 0xdc00 && c <= 0xdfff) p += dir;
  return p;
}

/**
 * Where a boundary dropped at `at` (a drag) goes: a cut inside a word ("pagament|o") moves to the
 * nearer of that word's start and the next word's start (the word's own start on a tie); a drop on
 * a blank moves to the next word. Never the document's very start or end.
 */
export function snapToWord(text: string, at: number): number {
  if (at <= 0 || at >= text.length) return at;
  const next = (p: number) => {
    while (p < text.length && BLANK.test(text[p])) p++;
    return p;
  };
  if (BLANK.test(text[at])) {
    const p = next(at);
    return p < text.length ? p : at;
  }
  if (BLANK.test(text[at - 1])) return at;
  let start = at;
  while (start > 0 && !BLANK.test(text[start - 1])) start--;
  let end = at;
  while (end < text.length && !BLANK.test(text[end])) end++;
  const after = next(end);
  const options = [start > 0 ? start : -1, after < text.length ? after : -1].filter((p) => p > 0);
  if (!options.length) return at;
  return options.reduce((best, p) => (Math.abs(p - at) < Math.abs(best - at) ? p : best));
}

/** The word start nearest the middle of [start, end), strictly inside it; the middle itself when none. */
export function middleCut(text: string, start: number, end: number): number {
  const mid = Math.floor((start + end) / 2);
  let best = -1;
  for (let p = start + 1; p < end; p++) if (isWordStart(text, p) && (best < 0 || Math.abs(p - mid) < Math.abs(best - mid))) best = p;
  return best > 0 ? best : mid;
}
