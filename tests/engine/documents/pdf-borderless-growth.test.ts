// splitJoinedCells (src/engine/documents/pdf/tables/borderless.ts) looks each space's place up among
// the other rows' cell edges. It once filtered every other row's fragments for every space, quadratic
// in a run's rows (review R5-8: 1.1 s of CPU at 2,000 rows, minutes on a hostile page of tiny rows).
// The work is counted, not timed (tests/engine/work-count.ts): four times the rows, about four times
// the work; the filtering made it sixteen.
import { expect, test } from 'vitest';
import { splitJoinedCells } from '../../../src/engine/documents/pdf/tables/borderless.ts';
import type { Row } from '../../../src/engine/documents/pdf/types.ts';
import { growth } from '../work-count.ts';

/** Two columns of `n` rows whose cells hold spaces ("0 1 2 3"), shifted a little from row to row. */
function rows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => {
    const y = 1000 - i * 0.5;
    const frags = [0, 1].map((c) => {
      const text = '0 1 2 3';
      const x0 = c * 300 + (i % 7);
      return { x0, x1: x0 + 200, y, size: 0.4, text, raw: text, font: 'F', mono: false, bold: false };
    });
    return { y, page: 1, size: 0.4, frags } as unknown as Row;
  });
}

test('four times the rows, about four times the work', () => {
  const g = growth(rows, (rs) => splitJoinedCells(rs), 500);
  expect(g.ratio, `work ${g.small} at 500 rows, ${g.large} at 2,000`).toBeLessThan(5);
  expect(g.small).toBeGreaterThan(0);
});
