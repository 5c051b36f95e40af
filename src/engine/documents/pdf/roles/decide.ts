// Where a line's role is decided: lineRoles is the roles stage's one entry for headings found by
// their look (the outline, when it matches, is read first: outline.ts). It asks a per-line decision
// (`decide`, by default the hand rules of rules.ts) about every row, then runs the document-level
// passes (bylines under the title, theorem and definition labels: front-matter.ts) and gives each
// heading its level. A learned model plugs in as another `decide`.

import { rowText } from '../lines/geometry.ts';
import { bodyStyle } from '../lines/style.ts';
import type { Row } from '../types.ts';
import type { HeadingVerdict, LineDecision } from './line.ts';
import { dropBylines, dropEnvironmentLabels } from './front-matter.ts';
import { numberingKind } from './patterns.ts';
import { handRules } from './rules.ts';

export { bodyStyle, type BodyStyle } from '../lines/style.ts';
export type { HeadingVerdict, LineContext, LineDecision } from './line.ts';

export interface RolesContext {
  /** The per-line decision (default: handRules). */
  decide?: LineDecision;
}

type Found = [Row, HeadingVerdict & { key: string }][];
const textOf = (r: Row) => rowText(r).trim();

/**
 * Heading rows, with their levels (1-6), among rows of an untagged document (or of tagged pages whose
 * tree names no headings). Levels: each (size, bold) style a level, larger first; numbered headings
 * take their numbering depth (below a larger unnumbered title, if any).
 */
export function lineRoles(rows: Row[], context: RolesContext = {}): Map<Row, number> {
  const decide = context.decide ?? handRules;
  const body = bodyStyle(rows);
  const found: Found = [];
  for (let i = 0; i < rows.length; i++) {
    const v = decide({ rows, i, body });
    if (v) found.push([rows[i], { ...v, key: `${v.size}|${v.bold ? 1 : 0}` }]);
  }
  dropBylines(rows, found, body.size, textOf);
  dropEnvironmentLabels(found, body.size, textOf);
  return levelsOf(found);
}

/** Each heading's level: by its style's rank, or by its numbering (see lineRoles). */
function levelsOf(found: Found): Map<Row, number> {
  const styles = new Map<string, { size: number; bold: boolean }>();
  for (const [, s] of found) styles.set(s.key, { size: s.size, bold: s.bold });
  const order = [...styles.entries()].sort((a, b) => b[1].size - a[1].size || Number(b[1].bold) - Number(a[1].bold)).map((e) => e[0]);
  const numberedSizes = found.filter(([, s]) => s.depth > 0).map(([, s]) => s.size);
  const maxNumbered = numberedSizes.length ? Math.max(...numberedSizes) : Infinity;
  // A title above numbered sections: an unnumbered heading set larger than every numbered one.
  const offset = found.some(([, s]) => s.depth === 0 && s.size > maxNumbered) ? 1 : 0;
  const depthOf = nestedKinds(found);
  const out = new Map<Row, number>();
  for (const [r, s] of found) out.set(r, s.level ?? Math.min(6, s.depth > 0 && numberedSizes.length >= 2 ? depthOf(r, s.depth) + offset : order.indexOf(s.key) + 1));
  return out;
}

/**
 * Korean, Japanese and Chinese documents nest kinds of numbers (Ⅰ. > 1. > 가. > (1) > ①): there a
 * kind's rank, in the order the kinds first appear, is its depth (a dotted number adds its own).
 * Elsewhere a heading's depth is its dotted number's.
 */
function nestedKinds(found: Found): (r: Row, depth: number) => number {
  const kinds: string[] = [];
  let eastern = false;
  for (const [r] of found) {
    const t = textOf(r);
    const k = numberingKind(t);
    if (!k) continue;
    if (!kinds.includes(k)) kinds.push(k);
    if (/^(?:hangul|circled|cjk)/.test(k) || /^[Ⅰ-Ⅻ]/u.test(t)) eastern = true;
  }
  return (r: Row, depth: number) => {
    if (!eastern || kinds.length < 2) return depth;
    const k = numberingKind(textOf(r));
    return k ? kinds.indexOf(k) + 1 + (k === 'decimal' ? depth - 1 : 0) : depth;
  };
}
