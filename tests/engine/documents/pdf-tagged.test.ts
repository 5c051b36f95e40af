// Tagged PDFs as real producers write them (issue 20): running lines left in the structure tree,
// spanning table cells, row headers, nested and lettered lists, tables split over pages (Chromium's
// tagged print: tests/fixtures/documents/tagged-office.pdf, from scripts/make-tagged-fixtures.ts);
// custom roles, text outside the tags, artifacts, rows without cells, labels in list bodies,
// figures, a tree without heading roles, a page left untagged (pdf-lib trees written by hand:
// scripts/pdf-cases-tagged.ts).
import { describe, expect, test } from 'vitest';
import { markdownTables, tokens } from '../../../bench/pdf-metrics.ts';
import { bareHeadingsCase, noHeadingsCase, numbersOnlyCase, producerCase, repeatedHeaderCase, runningCase, titleOnlyCase, type TaggedCase } from '../../../scripts/pdf-cases-tagged.ts';
import { OFFICE_PARAGRAPHS } from '../../../scripts/make-tagged-fixtures.ts';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { roleOf } from '../../../src/engine/documents/pdf/tagged/roles.ts';
import { bytesOf } from './document-checks.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const read = (bytes: Uint8Array, ignoreStructure = false) => pdfToMarkdown(bytes, loadPdfjs, { ...pdfjsOptions, ignoreStructure });
const headingsOf = (md: string) => md.split('\n').flatMap((l) => (/^(#{1,6}) (.*)$/.exec(l) ? [[/^#+/.exec(l)![0].length, l.replace(/^#+ /, '')] as [number, string]] : []));
const paragraphs = (md: string) => md.split(/\n\n+/).map((p) => p.trim());

/** pdf.js's own text of the file, page by page (independent of the reader). */
async function rawText(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = (await loadPdfjs()) as unknown as { getDocument(o: object): { promise: Promise<any> } };
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0, ...pdfjsOptions.documentOptions }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const tc = await (await doc.getPage(n)).getTextContent();
    out.push(tc.items.map((i: { str?: string; hasEOL?: boolean }) => (i.str ?? '') + (i.hasEOL ? '\n' : ' ')).join(''));
  }
  await doc.destroy();
  return out;
}

/** Words of `want` missing from `have` (as multisets). */
function missing(want: string[], have: string[]): string[] {
  const left = new Map<string, number>();
  for (const w of have) left.set(w, (left.get(w) ?? 0) + 1);
  return want.filter((w) => {
    const n = left.get(w) ?? 0;
    if (n) left.set(w, n - 1);
    return !n;
  });
}

function expectInOrder(md: string, texts: string[]) {
  let from = 0;
  for (const t of texts) {
    const at = md.indexOf(t, from);
    expect(at, `"${t}" after offset ${from}`).toBeGreaterThanOrEqual(0);
    from = at + t.length;
  }
}

describe('a tagged office report printed by Chromium', async () => {
  const bytes = bytesOf('tagged-office.pdf');
  const r = await read(bytes);
  const md = r.markdown;

  test('headings from the H roles, at their levels', () => {
    expect(r.headings).toBe('structure');
    expect(headingsOf(md)).toEqual([
      [1, 'Quarterly report'],
      [2, 'Sales by region'],
      [2, 'Staffing'],
      [2, 'Actions'],
      [2, 'Inventory'],
      [2, 'Contacts'],
    ]);
  });

  test('the running header and the "Page N of 3" footer, tagged as content, are removed; nothing else is lost', async () => {
    expect(md).not.toContain('Harbour Logistics quarterly report');
    expect(md).not.toMatch(/Page \d of 3/);
    expect(r.runningLines).toBe(6);
    // Every word pdf.js reads on the pages, less the running lines' words, is in the Markdown.
    const raw = (await rawText(bytes)).join('\n').replace(/Harbour Logistics quarterly report/g, ' ').replace(/Page \d of 3/g, ' ');
    expect(missing(tokens(raw), tokens(md))).toEqual([]);
    expectInOrder(md, OFFICE_PARAGRAPHS);
  });

  test('a header over two rows (rowspan, colspan) is one header row; a cell spanning two rows stands in its first', () => {
    const t = markdownTables(md);
    expect(t[0]).toEqual({
      header: ['Region', 'Units sold 2023', 'Units sold 2024', 'Remarks'],
      rows: [
        ['North', '1200', '1350', 'reopened in March'],
        ['South', '800', '990', 'two new lines'],
        ['East', '310', '420', 'first office'],
        ['', '150', '260', 'second office'],
      ],
    });
  });

  test('row headers (TH in the first column only), a table split over two pages joined, a nested table flattened into its cell', () => {
    const t = markdownTables(md);
    expect(t).toHaveLength(4);
    expect(t[1]).toEqual({ header: ['Permanent staff', '48'], rows: [['Contract staff', '11'], ['Open positions', '3']] });
    const crates = Array.from({ length: 14 }, (_, k) => [`Crate ${k + 1}`, String((k + 1) * 3), `Team ${'ABCDE'[(k + 1) % 5]}`]);
    expect(t[2]).toEqual({ header: ['Item', 'Count', 'Owner'], rows: crates });
    expect(t[3]).toEqual({ header: ['Desk', 'Details'], rows: [['Depot', 'front gate ext. 210']] });
  });

  test('nested lists keep their depth and numbers; lettered labels stay in the text', () => {
    expect(md).toContain(
      [
        '- Review the depot leases',
        '  - North depot lease ends in June',
        '  - South depot lease renewed',
        '    1. Sign the renewal',
        '    2. File the copy',
        '- Hire for the open positions',
        '- a. Lettered first step',
        '- b. Lettered second step',
      ].join('\n'),
    );
  });
});

async function checkCase(c: TaggedCase, md: string) {
  expectInOrder(md, c.texts);
  for (const a of c.absent) expect(paragraphs(md), `"${a}" absent`).not.toContain(a);
  for (const a of c.absent) expect(md).not.toMatch(new RegExp(`(^|\\s)${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`, 'm'));
  expect(markdownTables(md)).toEqual(c.tables);
}

describe('tagged PDFs with producers\' habits (pdf-lib trees written by hand)', () => {
  test.each([true, false])('custom roles, stray text, a table without TD, list labels in the body, a figure (MarkInfo /Marked: %s)', async (marked) => {
    const c = await producerCase(marked);
    const r = await read(c.bytes);
    expect(r.headings).toBe('structure');
    // "Doc Title" mapped to H1 by the RoleMap; "Heading 2" unmapped, read by its name.
    expect(headingsOf(r.markdown)).toEqual(c.headings);
    await checkCase(c, r.markdown);
    // TOC entries ("TOC 1", unmapped) are paragraphs, never headings; the page number (an Artifact) is gone.
    expect(paragraphs(r.markdown)).toContain('Scope and method ........ 1');
    expect(paragraphs(r.markdown)).not.toContain('1');
    expect(r.markdown).toContain(c.items!.join('\n'));
    // The axis labels inside the figure are left out, its caption kept.
    expect(r.markdown).not.toMatch(/(^|\s)0(\s|$)/m);
  });

  test('running lines tagged as paragraphs go on every page, the untagged middle page included; headings on all three', async () => {
    const c = await runningCase();
    const r = await read(c.bytes);
    expect(headingsOf(r.markdown)).toEqual(c.headings);
    await checkCase(c, r.markdown);
    expect(r.runningLines).toBe(6);
    // The untagged page went through layout analysis and kept its text.
    expect(r.markdown).toContain('Cleaning removes the boilerplate that every exported page carries with it.');
  });

  test('a table header repeated at the top of each page is no running line: one table, its header kept', async () => {
    const c = await repeatedHeaderCase();
    const r = await read(c.bytes);
    await checkCase(c, r.markdown);
    expect(r.runningLines).toBe(0);
  });

  test('pages whose only text is their number keep it (never an empty output)', async () => {
    const c = await numbersOnlyCase();
    const r = await read(c.bytes);
    expect(paragraphs(r.markdown)).toEqual(['1', '2']);
    expect(r.runningLines).toBe(0);
  });

  test('a tree whose roles are all P: headings from font analysis, not the figure caption; a row written out of order read in place', async () => {
    const c = await noHeadingsCase();
    const r = await read(c.bytes);
    expect(r.headings).toBe('fonts');
    expect(headingsOf(r.markdown).map((h) => h[1])).toEqual(c.headings.map((h) => h[1]));
    // The largest is the top level, the two smaller ones one below.
    expect(headingsOf(r.markdown).map((h) => h[0])).toEqual([1, 2, 2]);
    await checkCase(c, r.markdown);
  });

  test('a title tagged H1 over hand-set section headings (tagged P): the sections from font analysis too', async () => {
    const c = await titleOnlyCase();
    const r = await read(c.bytes);
    expect(headingsOf(r.markdown)).toEqual(c.headings);
    await checkCase(c, r.markdown);
  });

  test('headings tagged H without a level take their level from their size', async () => {
    const c = await bareHeadingsCase();
    const r = await read(c.bytes);
    expect(r.headings).toBe('structure');
    expect(headingsOf(r.markdown)).toEqual(c.headings);
    await checkCase(c, r.markdown);
  });

  test('roles read by name when the RoleMap leaves them unmapped', () => {
    expect(['Heading 1', 'heading2', 'Head_3', 'h4', 'Heading 9'].map(roleOf)).toEqual(['H1', 'H2', 'H3', 'H4', 'H6']);
    expect(['TOC 1', 'TOC Entry', 'Artifact', 'Normal', 'Body Text', 'P', 'TD'].map(roleOf)).toEqual(['TOCI', 'TOCI', 'Artifact', 'Normal', 'Body Text', 'P', 'TD']);
  });
});
