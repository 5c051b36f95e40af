// Segments between chosen boundaries (semantic breakpoints, model-chosen topic changes) turned into
// drafts: groups of units end at the boundaries (never after a heading), groups under minTokens join a
// neighbour when that fits, and every group is packed by units so none goes over the cap.

import type { Draft } from './finalize.ts';
import { groupItems, type GroupEnv, type Item } from './pack.ts';

/**
 * `isBreak[i]`: a boundary between items i and i+1. `affinity(gap)`: how much the two sides of a gap
 * belong together (higher: join that side first); absent, a small group joins the group before it first.
 * Linear: one pass, each merge removes a group.
 */
export function segmentDrafts(env: GroupEnv, items: Item[], isBreak: ArrayLike<number>, minTokens: number, affinity?: (gap: number) => number): Draft[] {
  const { index, budgetAt } = env;
  // 1. Groups [from, to) of items, ending at boundaries; a heading (or a table's header row) never ends a group.
  const groups: [number, number][] = [];
  let from = 0;
  for (let i = 0; i + 1 < items.length; i++) {
    if (!isBreak[i]) continue;
    let end = i + 1;
    while (end > from && (items[end - 1].kind === 'heading' || items[end - 1].kind === 'table-header')) end--;
    if (end > from) {
      groups.push([from, end]);
      from = end;
    }
  }
  if (items.length > from) groups.push([from, items.length]);

  // 2. No micro-chunks: a group under minTokens joins the neighbour it belongs with more, when that
  // fits; merged groups are checked again.
  const tokensOf = (g: [number, number]) => index.count(items[g[0]].start, items[g[1] - 1].end);
  const fits = (g: [number, number]) => tokensOf(g) <= budgetAt(items[g[0]].start);
  /** Affinity across the gap before item i (between i − 1 and i). */
  const before = (i: number) => (i > 0 && i < items.length ? (affinity ? affinity(i - 1) : 0) : -Infinity);
  const out: [number, number][] = [];
  for (let j = 0; j < groups.length; j++) {
    let cur = groups[j];
    for (;;) {
      if (groups.length === 1 || tokensOf(cur) >= minTokens) break;
      const left = out.length ? before(cur[0]) : -Infinity;
      const right = j + 1 < groups.length ? before(cur[1]) : -Infinity;
      const joinLeft: [number, number] | null = out.length ? [out[out.length - 1][0], cur[1]] : null;
      const joinRight: [number, number] | null = j + 1 < groups.length ? [cur[0], groups[j + 1][1]] : null;
      const order = left >= right ? (['left', 'right'] as const) : (['right', 'left'] as const);
      const side = order.find((s) => (s === 'left' ? joinLeft && fits(joinLeft) : joinRight && fits(joinRight)));
      if (side === 'left') {
        out.pop();
        cur = joinLeft!;
        continue; // the merged group may still be small
      }
      if (side === 'right') {
        groups[j + 1] = joinRight!;
        cur = [0, 0];
      }
      break;
    }
    if (cur[1] > cur[0]) out.push(cur);
  }

  // 3. Each group packed by units: one chunk when it fits (with a table's header row repeated when it
  // starts among the rows), else cut at units (then the ladder), never over the cap.
  const drafts: Draft[] = [];
  for (const g of out) drafts.push(...groupItems(env, items.slice(g[0], g[1]), 0));
  return drafts;
}
