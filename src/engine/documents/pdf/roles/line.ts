// The per-line decision's interface (see decide.ts): what it sees of a line and what it answers.

import type { BodyStyle } from '../lines/style.ts';
import type { Row } from '../types.ts';

/**
 * What a per-line decision sees: the run of rows being read (reading order, every layout page of the
 * document, running lines removed, rows standing in for ruled tables left out), the index of its
 * line, and the body text's style. rows[i - 1] and rows[i + 1] are its neighbours: check their
 * `page` and `jump` (a page or column change) before reading them as the lines around it.
 */
export interface LineContext {
  rows: Row[];
  i: number;
  body: BodyStyle;
}

/**
 * A line taken for a heading. `size` (rounded to half a point) and `bold` name its style: headings of
 * one style get one level, larger first, unless `level` (1-6) is given. `depth` is its section
 * number's depth (0 unnumbered): numbered headings take their depth as level.
 */
export interface HeadingVerdict {
  size: number;
  bold: boolean;
  depth: number;
  level?: number;
}

/** The per-line decision: a verdict for a heading, null for any other line. */
export type LineDecision = (line: LineContext) => HeadingVerdict | null;
