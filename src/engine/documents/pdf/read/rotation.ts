// Pages whose text runs sideways or upside down in PDF user space: a landscape table saved as a
// portrait page with /Rotate 90 and its text drawn turned by a quarter (office and report
// generators do this), or text turned on an unrotated page. Rows and columns only mean something in
// the frame where the text is upright, so the page's text (and its drawn lines, for ruled tables) is
// read in that frame: the direction most of its characters run in decides a quarter-turn that brings
// them to run left to right. A page whose text is mostly upright already is left exactly as it is
// (its odd sideways labels stay where they were).

/** An affine matrix [a, b, c, d, e, f] as PDF writes it: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = [number, number, number, number, number, number];

/** Composition: `m` first, then `n`. */
export const compose = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * Characters by the direction their baseline runs: [right, up, left, down] (the axis it is closest
 * to), with their total.
 */
export function directions(items: { str: string; transform: number[] }[]): { chars: number[]; total: number } {
  const chars = [0, 0, 0, 0];
  let total = 0;
  for (const it of items) {
    const n = it.str.replace(/\s+/g, '').length;
    if (!n) continue;
    const [a, b] = it.transform;
    if (!Number.isFinite(a) || !Number.isFinite(b) || (a === 0 && b === 0)) continue;
    total += n;
    const k = Math.abs(a) >= Math.abs(b) ? (a > 0 ? 0 : 2) : b > 0 ? 1 : 3;
    chars[k] += n;
  }
  return { chars, total };
}

/**
 * The quarter-turn (0, 90, 180 or 270 degrees, clockwise as a viewer turns the page) under which most
 * of these items' characters run left to right: items whose baseline (a, b) runs up the page call for
 * 90, right to left 180, down 270. 0 unless one turned direction holds more than half the characters.
 */
export function dominantTurn(items: { str: string; transform: number[] }[]): 0 | 90 | 180 | 270 {
  return turnFrom(directions(items));
}

/** dominantTurn from the directions' counts. */
export function turnFrom({ chars, total }: { chars: number[]; total: number }): 0 | 90 | 180 | 270 {
  for (const k of [1, 2, 3]) if (chars[k] * 2 > total) return (k * 90) as 90 | 180 | 270;
  return 0;
}

/**
 * The matrix from user space to the turned page (origin at its lower left, y up) and that page's box
 * [0, 0, width, height]; `view` is the page box [x0, y0, x1, y1] in user space.
 */
export function turnOf(turn: 90 | 180 | 270, view: number[]): { matrix: Matrix; box: number[] } {
  const [vx0, vy0, vx1, vy1] = view.length === 4 && view.every(Number.isFinite) ? view : [0, 0, 612, 792];
  const [x0, x1] = [Math.min(vx0, vx1), Math.max(vx0, vx1)];
  const [y0, y1] = [Math.min(vy0, vy1), Math.max(vy0, vy1)];
  const w = x1 - x0;
  const h = y1 - y0;
  // 90: text running up (+y) runs right: x' = y − y0, y' = x1 − x.
  if (turn === 90) return { matrix: [0, -1, 1, 0, -y0, x1], box: [0, 0, h, w] };
  // 180: x' = x1 − x, y' = y1 − y.
  if (turn === 180) return { matrix: [-1, 0, 0, -1, x1, y1], box: [0, 0, w, h] };
  // 270: text running down (−y) runs right: x' = y1 − y, y' = x − x0.
  return { matrix: [0, 1, -1, 0, y1, -x0], box: [0, 0, h, w] };
}
