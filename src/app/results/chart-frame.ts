// The frame the results charts share (ParetoChart, BudgetChart): one size, margins, the y scale
// (a rate from 0 to 1) and its ticks; each chart brings its own x scale. Drawn by ChartAxes.svelte.

export const W = 560;
export const H = 300;
export const M = { l: 52, r: 16, t: 14, b: 44 };
/** Inner width and height (inside the margins). */
export const IW = W - M.l - M.r;
export const IH = H - M.t - M.b;
export const Y_TICKS = [0, 0.25, 0.5, 0.75, 1];

/** The y position of a rate in [0, 1]. */
export const sy = (y: number): number => M.t + (1 - y) * IH;

/** An SVG path through points already in chart coordinates. */
export const pathThrough = (ps: readonly { x: number; y: number }[]): string => ps.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
