// A title set over two lines and broken after a comma or colon is one heading: its first line ends
// like a clause, not a sentence. Rows built by hand, as the reader's geometry hands them over.
import { expect, test } from 'vitest';
import { lineRoles } from '../../../src/engine/documents/pdf/roles/decide.ts';
import type { Row } from '../../../src/engine/documents/pdf/types.ts';

function rowsOf(lines: { t: string; size: number; gap?: number }[]): Row[] {
  let y = 780;
  return lines.map((l) => {
    y -= l.gap ?? l.size * 1.2;
    const frag = { x0: 72, x1: 72 + l.t.length * l.size * 0.5, y, size: l.size, text: l.t, raw: l.t, font: 'R', mono: false, bold: false };
    return { y, size: l.size, frags: [frag], page: 1 };
  });
}

const paragraph = Array.from({ length: 6 }, (_, k) => ({ t: k < 5 ? 'the body of the paper goes on over a full line of ordinary text set in ten point type' : 'and ends here.', size: 10 }));

test('both lines of a title broken after a comma are headings; a large line ending in a comma with nothing after it is not', () => {
  const rows = rowsOf([{ t: 'Overview of the Acceptance Model: Origins,', size: 17 }, { t: 'Developments and Future Directions', size: 17 }, ...paragraph]);
  const h = lineRoles(rows);
  expect(h.has(rows[0])).toBe(true);
  expect(h.get(rows[0])).toBe(h.get(rows[1]));
  // Alone (the next line is body text), a large line ending in a comma still reads as a sentence.
  const alone = rowsOf([{ t: 'Overview of the Acceptance Model: Origins,', size: 17 }, ...paragraph]);
  expect(lineRoles(alone).has(alone[0])).toBe(false);
});
