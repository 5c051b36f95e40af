// Dot leaders (scripts/pdf-cases-leaders.ts): a label's leader leads to its figures, so an indicator
// sheet reads label then values, row by row, with no column gutter cut before the values; a table
// of contents in the left column of a two-column page does not join the right column's prose.
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { markdownHeadings, markdownWords, tokens } from '../../../bench/pdf-metrics.ts';
import { LEADER_SHEET, leaderSheet, TOC_COLUMNS, tocColumns } from '../../../scripts/pdf-cases-leaders.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

describe('dot leaders', () => {
  test('an indicator sheet reads each label with its values, row by row', async () => {
    const r = await pdfToMarkdown(await leaderSheet(), loadPdfjs, pdfjsOptions);
    const S = LEADER_SHEET;
    // As drawn, top to bottom: title, the rounds over the value columns, the column header, then a
    // section line before every two indicator rows, the note last.
    const body = S.rows.flatMap((row, i) => [...(i % 2 === 0 ? [S.sections[i / 2]] : []), row.join(' ')]);
    const want = tokens([S.title, ...S.rounds, ...S.header, ...body, S.note].join(' '));
    expect(markdownWords(r.markdown)).toEqual(want);
    // The bold section lines stay headings under a row of figures (no sentence in progress above them).
    expect(markdownHeadings(r.markdown)).toEqual([S.title, ...S.sections]);
    // Each value stands on its label's line.
    for (const [label, v1, v2] of LEADER_SHEET.rows) {
      const line = r.markdown.split('\n').find((l) => l.includes(label));
      expect(line).toBeDefined();
      expect(line!.replace(/[.\s]+/g, ' ')).toContain(`${v1} ${v2}`.replace(/\./g, ' '));
    }
  });
  test('a table of contents beside a second column: still read column by column', async () => {
    const r = await pdfToMarkdown(await tocColumns(), loadPdfjs, pdfjsOptions);
    const want = tokens([...TOC_COLUMNS.left.map((l) => l.join(' ')), ...TOC_COLUMNS.leftProse, ...TOC_COLUMNS.right].join(' '));
    expect(markdownWords(r.markdown)).toEqual(want);
  });
});
