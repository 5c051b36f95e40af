// Pages whose text runs sideways in user space (scripts/pdf-cases-rotated.ts): a landscape table on
// a portrait page turned by /Rotate 90 or 270, or drawn sideways with no /Rotate. The reader reads
// them where the text is upright: the words in the order the page shows them, the ruled table with
// its header and rows.
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { compose, dominantTurn, turnOf } from '../../../src/engine/documents/pdf/read/rotation.ts';
import { markdownHeadings, markdownTables, markdownWords, tokens } from '../../../bench/pdf-metrics.ts';
import { ROTATED_PAGE, rotatedPage, type Turn } from '../../../scripts/pdf-cases-rotated.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const P = ROTATED_PAGE;
/** The page's words as a reader sees it upright: title, intro, the table row by row, the closing line. */
const expectedWords = tokens([P.title, P.intro, ...[P.table.header, ...P.table.rows].map((r) => r.join(' ')), P.closing].join(' '));

describe('sideways pages are read upright', () => {
  for (const turn of ['rotate 90', 'rotate 270', 'drawn sideways'] as Turn[]) {
    test(`${turn}: words in reading order, the ruled table with its header`, async () => {
      const r = await pdfToMarkdown(await rotatedPage(turn), loadPdfjs, pdfjsOptions);
      expect(markdownWords(r.markdown)).toEqual(expectedWords);
      expect(markdownTables(r.markdown)).toEqual([P.table]);
      expect(markdownHeadings(r.markdown)).toEqual([P.title]);
    });
  }
});

describe('the quarter-turn of a page', () => {
  const item = (str: string, a: number, b: number) => ({ str, transform: [a, b, -b, a, 0, 0] });
  test('decided by where most characters run; an upright page with a sideways label stays as it is', () => {
    expect(dominantTurn([item('running up the page', 0, 9), item('x', 9, 0)])).toBe(90);
    expect(dominantTurn([item('running down', 0, -9)])).toBe(270);
    expect(dominantTurn([item('upside down', -9, 0)])).toBe(180);
    expect(dominantTurn([item('a body paragraph that reads left to right', 9, 0), item('axis label', 0, 9)])).toBe(0);
    // Half and half: no majority, no turn. Blanks count for nothing.
    expect(dominantTurn([item('abcd', 9, 0), item('efgh', 0, 9), item('          ', 0, 9)])).toBe(0);
    expect(dominantTurn([])).toBe(0);
  });
  test('the matrices put the page box on [0, 0, w, h] and make the text run left to right', () => {
    const view = [10, 20, 622, 812]; // 612 × 792, offset
    const apply = (m: number[], x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
    for (const [deg, base] of [
      [90, [0, 1]],
      [180, [-1, 0]],
      [270, [0, -1]],
    ] as const) {
      const { matrix, box } = turnOf(deg, view);
      // The four corners of the page land on the corners of the turned box.
      const corners = [apply(matrix, 10, 20), apply(matrix, 622, 20), apply(matrix, 10, 812), apply(matrix, 622, 812)];
      const xs = corners.map((c) => Math.round(c[0])).sort((a, b) => a - b);
      const ys = corners.map((c) => Math.round(c[1])).sort((a, b) => a - b);
      expect([xs[0], ys[0], xs[3], ys[3]]).toEqual(box);
      expect(box).toEqual(deg === 180 ? [0, 0, 612, 792] : [0, 0, 792, 612]);
      // A glyph whose baseline runs along `base` runs along +x once turned, upright (up vector +y).
      const t = compose([base[0], base[1], -base[1], base[0], 0, 0], matrix);
      expect([t[0], t[1], t[2], t[3]].map((v) => Math.round(v) + 0)).toEqual([1, 0, 0, 1]);
    }
  });
});
