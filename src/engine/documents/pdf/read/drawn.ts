// The straight lines a page draws, from its operator list: horizontal and vertical segments in page
// space (through the current transform, form XObjects included), for the tables stage to find ruled
// tables in (tables/ruled.ts).

import { compose, type Matrix } from './rotation.ts';
import { THIN_FILL as THIN } from '../thresholds.ts';

/** The operator-list codes this reader looks at (pdf.js's OPS; the caller passes the module's own). */
export interface OpCodes {
  save: number;
  restore: number;
  transform: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  endPath: number;
  setFillRGBColor: number;
  setFillGray: number;
  setFillCMYKColor: number;
  setFillColor: number;
  setFillColorN: number;
  setFillColorSpace: number;
}

/** pdf.js 5's values, used when the module does not export its OPS table. */
export const DEFAULT_OPS: OpCodes = {
  save: 10,
  restore: 11,
  transform: 12,
  constructPath: 91,
  paintFormXObjectBegin: 74,
  paintFormXObjectEnd: 75,
  stroke: 20,
  closeStroke: 21,
  fill: 22,
  eoFill: 23,
  fillStroke: 24,
  eoFillStroke: 25,
  closeFillStroke: 26,
  closeEOFillStroke: 27,
  endPath: 28,
  setFillRGBColor: 59,
  setFillGray: 57,
  setFillCMYKColor: 61,
  setFillColor: 54,
  setFillColorN: 55,
  setFillColorSpace: 51,
};

export function opCodesOf(ops: unknown): OpCodes {
  const o = ops as Record<string, unknown> | null | undefined;
  if (!o || typeof o !== 'object') return DEFAULT_OPS;
  const out = { ...DEFAULT_OPS };
  for (const k of Object.keys(DEFAULT_OPS) as (keyof OpCodes)[]) if (typeof o[k] === 'number') out[k] = o[k] as number;
  return out;
}

export interface OperatorList {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

/** A horizontal (y0 = y1) or vertical (x0 = x1) segment in page space, x0 ≤ x1, y0 ≤ y1. */
export interface Seg {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Segments {
  h: Seg[];
  v: Seg[];
}

/** pdf.js's path drawing codes inside a constructPath's data (DrawOPS). */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

/** Past this many path segments on a page the page is a drawing, not a table: not analysed. */
export const MAX_SEGMENTS = 20000;
/** Ops beyond this are not walked (a hostile or huge page). */
const MAX_OPS = 400000;
/** How many earlier filled rectangles are searched for the one under a new one. */
const FILL_LOOKBACK = 2000;

const finite = (...v: number[]) => v.every(Number.isFinite);

/** Does the operator list draw enough straight lines to hold a ruled table (cheap pre-check)? */
export function drawsLines(ops: OperatorList, codes: OpCodes = DEFAULT_OPS): boolean {
  let n = 0;
  for (let i = 0; i < ops.fnArray.length && i < MAX_OPS; i++) if (ops.fnArray[i] === codes.constructPath && ++n >= 4) return true;
  return false;
}

/**
 * Horizontal and vertical segments drawn on the page (stroked paths; filled thin rectangles as
 * lines; the edges of other filled or stroked rectangles). Curves and diagonals are ignored, as are
 * clipping paths (no paint). Null when the page draws more than MAX_SEGMENTS of them.
 */
export function segmentsOf(ops: OperatorList, codes: OpCodes = DEFAULT_OPS, start: Matrix = [1, 0, 0, 1, 0, 0]): Segments | null {
  const h: Seg[] = [];
  const v: Seg[] = [];
  // `start`: user space to the frame the page is read in (a quarter-turn for sideways text, rotation.ts).
  let ctm: Matrix = start;
  // The fill colour (a key: equal keys, equal colours; a colour not known exactly gets a key of its
  // own) and the filled rectangles painted so far, to tell a rectangle's edges that show from those
  // that do not: a rectangle filled with the colour already under it (a text line's background
  // inside a cell shaded the same, a white box on the white page) draws no visible edge.
  let fill = '#000000';
  let unknown = 0;
  const fills: { x0: number; y0: number; x1: number; y1: number; c: string }[] = [];
  const stack: { ctm: Matrix; fill: string }[] = [];
  const n = Math.min(ops.fnArray.length, MAX_OPS);
  const add = (ax: number, ay: number, bx: number, by: number) => {
    const [a, b, c, d, e, f] = ctm;
    const x0 = a * ax + c * ay + e;
    const y0 = b * ax + d * ay + f;
    const x1 = a * bx + c * by + e;
    const y1 = b * bx + d * by + f;
    if (!finite(x0, y0, x1, y1)) return;
    if (Math.abs(y1 - y0) <= 0.5 && Math.abs(x1 - x0) > 0.5) h.push({ x0: Math.min(x0, x1), x1: Math.max(x0, x1), y0: (y0 + y1) / 2, y1: (y0 + y1) / 2 });
    else if (Math.abs(x1 - x0) <= 0.5 && Math.abs(y1 - y0) > 0.5) v.push({ x0: (x0 + x1) / 2, x1: (x0 + x1) / 2, y0: Math.min(y0, y1), y1: Math.max(y0, y1) });
  };
  /** Does a filled rectangle (path space) show against what lies under it? Recorded either way. */
  const shows = (ax: number, ay: number, bx: number, by: number): boolean => {
    const [a, b, c, d, e, f] = ctm;
    const xs = [a * ax + c * ay + e, a * bx + c * by + e, a * ax + c * by + e, a * bx + c * ay + e];
    const ys = [b * ax + d * ay + f, b * bx + d * by + f, b * ax + d * by + f, b * bx + d * ay + f];
    const r = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys), c: fill };
    if (!finite(r.x0, r.y0, r.x1, r.y1)) return true;
    let under = '#ffffff'; // the page
    for (let k = fills.length - 1, m = 0; k >= 0 && m < FILL_LOOKBACK; k--, m++) {
      const o = fills[k];
      if (o.x0 <= r.x0 + 1 && o.y0 <= r.y0 + 1 && o.x1 >= r.x1 - 1 && o.y1 >= r.y1 - 1) {
        under = o.c;
        break;
      }
    }
    if (fills.length < MAX_SEGMENTS) fills.push(r);
    return under !== fill;
  };
  for (let i = 0; i < n; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === codes.save) stack.push({ ctm, fill });
    else if (fn === codes.restore) ({ ctm, fill } = stack.pop() ?? { ctm, fill });
    else if (fn === codes.transform && Array.isArray(args) && args.length >= 6) {
      const t = args.slice(0, 6).map(Number) as Matrix;
      if (finite(...t)) ctm = compose(t, ctm);
    } else if (fn === codes.paintFormXObjectBegin) {
      stack.push({ ctm, fill });
      const t = Array.isArray(args) ? (args[0] as ArrayLike<number> | null) : null;
      if (t && t.length >= 6) {
        const m = Array.from(t).slice(0, 6) as Matrix;
        if (finite(...m)) ctm = compose(m, ctm);
      }
    } else if (fn === codes.paintFormXObjectEnd) ({ ctm, fill } = stack.pop() ?? { ctm, fill });
    else if (fn === codes.setFillRGBColor) fill = Array.isArray(args) && typeof args[0] === 'string' ? args[0].toLowerCase() : `?${++unknown}`;
    else if (fn === codes.setFillGray || fn === codes.setFillCMYKColor || fn === codes.setFillColor) {
      fill = Array.isArray(args) && args.length <= 4 && args.every((x) => typeof x === 'number') ? `${fn}:${args.join(',')}` : `?${++unknown}`;
    } else if (fn === codes.setFillColorN || fn === codes.setFillColorSpace) fill = `?${++unknown}`;
    else if (fn === codes.constructPath && Array.isArray(args)) {
      const paint = args[0] as number;
      if (paint === codes.endPath) continue; // a clipping path: nothing drawn
      const data = (args[1] as unknown[] | undefined)?.[0] as ArrayLike<number> | null | undefined;
      if (!data || typeof data.length !== 'number') continue;
      const filled = paint === codes.fill || paint === codes.eoFill;
      walkPath(data, filled, add, filled ? shows : undefined);
      if (h.length + v.length > MAX_SEGMENTS) return null;
    }
  }
  return { h, v };
}

/**
 * The straight pieces of one path: a filled thin rectangle gives its middle line, another filled
 * rectangle its edges, unless `shows` says it cannot be seen against what is under it.
 */
function walkPath(d: ArrayLike<number>, filled: boolean, add: (ax: number, ay: number, bx: number, by: number) => void, shows?: (ax: number, ay: number, bx: number, by: number) => boolean): void {
  // Collect subpaths of points; curves end the straight run.
  let pts: number[] = [];
  let start: [number, number] | null = null;
  const flush = (closed: boolean) => {
    if (pts.length >= 4) emit(pts, closed);
    pts = [];
  };
  const emit = (p: number[], closed: boolean) => {
    const k = p.length / 2;
    // A rectangle (4 corners, axis-aligned) filled: thin → one line; else its edges.
    if (k === 4 || (k === 5 && p[0] === p[8] && p[1] === p[9])) {
      const xs = [p[0], p[2], p[4], p[6]];
      const ys = [p[1], p[3], p[5], p[7]];
      const axis = (p[0] === p[2] || p[1] === p[3]) && (p[2] === p[4] || p[3] === p[5]);
      if (axis) {
        const x0 = Math.min(...xs);
        const x1 = Math.max(...xs);
        const y0 = Math.min(...ys);
        const y1 = Math.max(...ys);
        if (filled || closed) {
          if (filled && shows && !shows(x0, y0, x1, y1)) return;
          // Size is judged in path space; the transform rarely scales unevenly for tables.
          if (y1 - y0 <= THIN && x1 - x0 > y1 - y0) return add(x0, (y0 + y1) / 2, x1, (y0 + y1) / 2);
          if (x1 - x0 <= THIN && y1 - y0 > x1 - x0) return add((x0 + x1) / 2, y0, (x0 + x1) / 2, y1);
          add(x0, y0, x1, y0);
          add(x0, y1, x1, y1);
          add(x0, y0, x0, y1);
          add(x1, y0, x1, y1);
          return;
        }
      }
    }
    if (filled) return; // a filled shape that is not a rectangle: no lines
    for (let j = 2; j < p.length; j += 2) add(p[j - 2], p[j - 1], p[j], p[j + 1]);
    if (closed) add(p[p.length - 2], p[p.length - 1], p[0], p[1]);
  };
  let i = 0;
  while (i < d.length) {
    const op = d[i];
    if (op === MOVE) {
      flush(false);
      start = [d[i + 1], d[i + 2]];
      pts = [d[i + 1], d[i + 2]];
      i += 3;
    } else if (op === LINE) {
      if (!pts.length && start) pts = [...start];
      pts.push(d[i + 1], d[i + 2]);
      i += 3;
    } else if (op === CURVE) {
      flush(false);
      start = [d[i + 5], d[i + 6]];
      pts = [...start];
      i += 7;
    } else if (op === QUAD) {
      flush(false);
      start = [d[i + 3], d[i + 4]];
      pts = [...start];
      i += 5;
    } else if (op === CLOSE) {
      flush(true);
      i += 1;
    } else break; // unknown code: stop reading this path
  }
  flush(false);
}

