// What keeps the Results charts readable with many runs (a 48-run grid): a filter by strategy and
// size shared by both charts, one colour per strategy (with its legend), labels placed only where they
// overlap no other label, and, when a chart has more lines than colours can tell apart, the best few
// drawn in colour and the rest in grey. Pure; the charts (ParetoChart, BudgetChart) draw.
import type { ResultRow } from './results.ts';

export interface ChartFilter {
  /** Strategies shown (empty: all). */
  chunkers: string[];
  /** Sizes (maxTokens) shown (empty: all). */
  sizes: number[];
}

export const chunkerOf = (r: ResultRow): string => String(r.file.config.chunker ?? '');
export const sizeOf = (r: ResultRow): number => Number((r.file.config.params as { maxTokens?: unknown } | undefined)?.maxTokens ?? NaN);

/**
 * The strategies (by id, so a strategy keeps its colour whatever column the table is sorted by) and
 * sizes (ascending) these rows have.
 */
export function chartFacets(rows: readonly ResultRow[]): { chunkers: string[]; sizes: number[] } {
  const chunkers = [...new Set(rows.map(chunkerOf))].sort();
  const sizes = [...new Set(rows.map(sizeOf).filter(Number.isFinite))].sort((a, b) => a - b);
  return { chunkers, sizes };
}

/** The rows the filter lets through (an empty list lets everything through). */
export function applyChartFilter<T extends ResultRow>(rows: readonly T[], f: ChartFilter): T[] {
  return rows.filter((r) => (!f.chunkers.length || f.chunkers.includes(chunkerOf(r))) && (!f.sizes.length || f.sizes.includes(sizeOf(r))));
}

/** Turns one value on or off in a filter list (the list stays in the facet's order). */
export function toggleValue<T>(list: readonly T[], value: T, order: readonly T[]): T[] {
  const on = list.includes(value) ? list.filter((x) => x !== value) : [...list, value];
  return order.filter((x) => on.includes(x));
}

/** Colours that stay apart for most readers (Tableau 10). */
export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22'];

/** One colour per strategy, by its place in `chunkers` (the same strategy, the same colour, in both charts). */
export function colourOf(chunker: string, chunkers: readonly string[]): string {
  const i = chunkers.indexOf(chunker);
  return PALETTE[(i < 0 ? chunkers.length : i) % PALETTE.length];
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export interface LabelWish {
  id: string;
  /** The point the label names (chart coordinates). */
  x: number;
  y: number;
  text: string;
}

export interface PlacedLabel extends Box {
  id: string;
  text: string;
  /** Where the text starts (SVG text with text-anchor start, baseline at ty). */
  tx: number;
  ty: number;
}

/**
 * Labels beside their points, greedily in the order given (most important first): each takes the
 * first of right, left, above, below (then the four corners) that stays inside `frame` and overlaps no label already placed
 * and no other point; a label with no such place is left out (its point keeps its tooltip and its row).
 * Widths are estimated from the character count (`charW` per character, `h` tall).
 */
export function placeLabels(wishes: readonly LabelWish[], frame: Box, opts: { charW?: number; h?: number; gap?: number; pointR?: number } = {}): PlacedLabel[] {
  const charW = opts.charW ?? 6.4;
  const h = opts.h ?? 12;
  const gap = opts.gap ?? 7;
  const r = opts.pointR ?? 6;
  const points: Box[] = wishes.map((p) => ({ x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r }));
  const placed: PlacedLabel[] = [];
  wishes.forEach((p, i) => {
    const w = p.text.length * charW;
    const candidates: Box[] = [
      { x: p.x + gap, y: p.y - h / 2, w, h },
      { x: p.x - gap - w, y: p.y - h / 2, w, h },
      { x: p.x - w / 2, y: p.y - gap - h, w, h },
      { x: p.x - w / 2, y: p.y + gap, w, h },
      // Then the corners, a little farther out.
      { x: p.x + gap / 2, y: p.y - gap - h, w, h },
      { x: p.x + gap / 2, y: p.y + gap, w, h },
      { x: p.x - gap / 2 - w, y: p.y - gap - h, w, h },
      { x: p.x - gap / 2 - w, y: p.y + gap, w, h },
    ];
    const inside = (b: Box) => b.x >= frame.x && b.y >= frame.y && b.x + b.w <= frame.x + frame.w && b.y + b.h <= frame.y + frame.h;
    const free = (b: Box) => !placed.some((q) => overlaps(b, q)) && !points.some((q, j) => j !== i && overlaps(b, q));
    const box = candidates.find((b) => inside(b) && free(b));
    if (box) placed.push({ ...box, id: p.id, text: p.text, tx: box.x, ty: box.y + h - 2 });
  });
  return placed;
}

/**
 * Run labels without the parts every one of them shares ("estrutura · 384 · bm25" → "estrutura · 384"
 * when every run is bm25): shorter labels fit where long ones would overlap. When any label would be
 * left empty (it is only the shared parts), every label stays whole; so does a single label.
 */
export function distinctParts(names: readonly string[], sep = ' · '): string[] {
  if (names.length < 2) return [...names];
  const parts = names.map((n) => n.split(sep));
  const shared = parts[0].filter((p) => parts.every((ps) => ps.includes(p)));
  const left = parts.map((ps) => ps.filter((p) => !shared.includes(p)));
  return left.every((l) => l.length) ? left.map((l) => l.join(sep)) : [...names];
}

/** The ids of the `max` lines with the highest score (ties: the order given); all of them when there are no more than `max`. */
export function emphasised(lines: readonly { id: string; score: number }[], max: number): Set<string> {
  if (lines.length <= max) return new Set(lines.map((l) => l.id));
  const ranked = lines.map((l, i) => ({ ...l, i })).sort((a, b) => b.score - a.score || a.i - b.i);
  return new Set(ranked.slice(0, max).map((l) => l.id));
}
