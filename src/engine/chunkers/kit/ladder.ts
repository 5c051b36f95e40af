// The separator ladder: cut a range at the strongest separator that helps (blank line, line break,
// sentence end, space, then a hard token cut) until pieces fit, merging neighbours while they fit.
// The recursive strategy is this applied to the whole document; others use it inside big units.

import type { TokenIndex } from '../../tokens/index.ts';
import { trimRange } from '../../documents/ranges.ts';
import type { BudgetAt } from './prefix.ts';
import { hardCut } from './tokens.ts';

export type Separator = string | RegExp;

/** Blank line, line break, sentence end (., !, ?, … with closing quotes/brackets), any whitespace. */
export const DEFAULT_LADDER: RegExp[] = [
  /\n[ \t\r\f\v]*\n/g,
  /\n/g,
  /(?<=[.!?…]["'”’»)\]]*)\s+/g,
  /\s+/g,
];

/** Markdown first: before a heading line, before a code fence, then the default ladder. */
export const MARKDOWN_LADDER: RegExp[] = [/\n(?=[ ]{0,3}#{1,6}[ \t])/g, /\n(?=[ ]{0,3}(?:```|~~~))/g, ...DEFAULT_LADDER];

export const LADDERS = { default: DEFAULT_LADDER, markdown: MARKDOWN_LADDER } as const;
export type LadderName = keyof typeof LADDERS;

function toRegex(sep: Separator): RegExp {
  if (sep instanceof RegExp) return sep.global ? sep : new RegExp(sep.source, sep.flags + 'g');
  return new RegExp(sep.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
}

export function resolveLadder(separators: LadderName | Separator[] | undefined): RegExp[] {
  if (separators === undefined) return DEFAULT_LADDER;
  if (typeof separators === 'string') return LADDERS[separators] ?? DEFAULT_LADDER;
  return separators.filter((s) => s !== '').map(toRegex);
}

export interface SplitEnv {
  text: string;
  index: TokenIndex;
  budgetAt: BudgetAt;
}

/**
 * Splits [start, end) of env.text into trimmed ranges of at most budgetAt(rangeStart) tokens (counted
 * with the token index, never by re-tokenizing), cutting at the strongest separator that helps, merging
 * neighbouring pieces while they fit, and carrying up to `overlap` tokens of whole trailing pieces into
 * the next range. The ranges cover every non-blank character of [start, end).
 */
export function splitRange(
  env: SplitEnv,
  start: number,
  end: number,
  ladder: RegExp[] = DEFAULT_LADDER,
  overlap = 0,
): [number, number][] {
  const out: [number, number][] = [];
  const [s, e] = trimRange(env.text, start, end);
  if (s < e) splitLevel(env, s, e, ladder, 0, overlap, out);
  return out;
}

function fits(env: SplitEnv, s: number, e: number): boolean {
  return env.index.count(s, e) <= env.budgetAt(s);
}

/** The trimmed, non-blank pieces of [s, e) cut at every match of `re` (separator glued to the next piece). */
function piecesAt(text: string, s: number, e: number, re: RegExp): [number, number][] {
  const slice = text.slice(s, e);
  const pieces: [number, number][] = [];
  let from = 0;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(slice)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (m.index > from) {
      const [a, b] = trimRange(text, s + from, s + m.index);
      if (a < b) pieces.push([a, b]);
      from = m.index;
    }
  }
  const [a, b] = trimRange(text, s + from, e);
  if (a < b) pieces.push([a, b]);
  return pieces;
}

function splitLevel(
  env: SplitEnv,
  s: number,
  e: number,
  ladder: RegExp[],
  level: number,
  overlap: number,
  out: [number, number][],
): void {
  if (fits(env, s, e)) {
    out.push([s, e]);
    return;
  }
  if (level >= ladder.length) {
    for (const [a, b] of hardCut(env.index, s, e, env.budgetAt)) {
      const [ta, tb] = trimRange(env.text, a, b);
      if (ta < tb) out.push([ta, tb]);
    }
    return;
  }
  const parts = piecesAt(env.text, s, e, ladder[level]);
  if (parts.length <= 1) {
    splitLevel(env, s, e, ladder, level + 1, overlap, out);
    return;
  }
  const { index, budgetAt } = env;
  // The range being built: its pieces (for overlap) and its extent.
  let cur: [number, number][] = [];
  for (const p of parts) {
    if (!fits(env, p[0], p[1])) {
      if (cur.length) out.push([cur[0][0], cur[cur.length - 1][1]]);
      cur = [];
      splitLevel(env, p[0], p[1], ladder, level + 1, overlap, out);
      continue;
    }
    if (cur.length === 0) {
      cur = [p];
      continue;
    }
    const cs = cur[0][0];
    if (index.count(cs, p[1]) <= budgetAt(cs)) {
      cur.push(p);
      continue;
    }
    out.push([cur[0][0], cur[cur.length - 1][1]]);
    // Overlap: whole trailing pieces of the range just emitted, up to `overlap` tokens, never all of it.
    let k = cur.length;
    if (overlap > 0) {
      const ce = cur[cur.length - 1][1];
      while (k - 1 >= 1) {
        const cand = cur[k - 1][0];
        if (index.count(cand, ce) > overlap || index.count(cand, p[1]) > budgetAt(cand)) break;
        k--;
      }
    }
    cur = [...cur.slice(k), p];
  }
  if (cur.length) out.push([cur[0][0], cur[cur.length - 1][1]]);
}
