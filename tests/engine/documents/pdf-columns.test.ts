// Reading order of pages in more than two columns (scripts/pdf-cases-columns.ts): every case's
// content stream is written row by row across the columns or bottom-up, so reading it in stream
// order fails; the words must come out in the order the case's spec sets them.
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { readingOrder } from '../../../src/engine/documents/pdf/lines/layout.ts';
import { layoutBlocks } from '../../../src/engine/documents/pdf/blocks/blocks.ts';
import { Vocab } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import type { Frag, Row } from '../../../src/engine/documents/pdf/types.ts';
import { markdownHeadings, markdownTables, markdownWords, tokens } from '../../../bench/pdf-metrics.ts';
import { fourColumns, threeColumns, twoContentSlides } from '../../../scripts/pdf-cases-columns.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const read = async (bytes: Uint8Array) => pdfToMarkdown(bytes, loadPdfjs, pdfjsOptions);

/** Words of the PDF's content stream in stream order (what plain extraction would read). */
async function streamWords(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = (await loadPdfjs()) as unknown as { getDocument(o: object): { promise: Promise<any> } };
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, ...pdfjsOptions.documentOptions }).promise;
  const out: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) out.push(...tokens((await (await doc.getPage(p)).getTextContent()).items.map((i: { str?: string }) => i.str ?? '').join(' ')));
  return out;
}

describe('columns found from the page geometry', () => {
  test('three columns with narrow gutters, a caption across all three and one across the last two', async () => {
    const c = await threeColumns();
    // The case defeats stream order (a check on the case itself).
    expect(await streamWords(c.bytes)).not.toEqual(tokens(c.text));
    const r = await read(c.bytes);
    expect(markdownWords(r.markdown)).toEqual(tokens(c.text));
    expect(markdownTables(r.markdown)).toEqual([]);
    expect(markdownHeadings(r.markdown)).toEqual([c.outline[0].title]);
  });
  test('four columns under a full-width title, each under its bold header', async () => {
    const c = await fourColumns();
    expect(await streamWords(c.bytes)).not.toEqual(tokens(c.text));
    const r = await read(c.bytes);
    expect(markdownWords(r.markdown)).toEqual(tokens(c.text));
    expect(markdownTables(r.markdown)).toEqual([]);
  });
  test('slides written bottom-up, word by word, with two columns of bullets', async () => {
    const c = await twoContentSlides();
    expect(await streamWords(c.bytes)).not.toEqual(tokens(c.text));
    const r = await read(c.bytes);
    expect(markdownWords(r.markdown)).toEqual(tokens(c.text));
    // Words drawn as separate runs are neither glued nor split.
    for (const w of tokens(c.text)) expect(r.markdown.toLowerCase()).toContain(w);
    expect(markdownHeadings(r.markdown)).toEqual(c.outline.map((o) => o.title));
    // The right column's bullets are items of the same list, not nested under the left column's.
    const items = r.markdown.split('\n').filter((l) => /^\s*- /.test(l));
    expect(items).toHaveLength(16);
    for (const l of items) expect(l).toMatch(/^- /);
  });
});

const frag = (text: string, x0: number, y: number, extra: Partial<Frag> = {}): Frag => ({ x0, x1: x0 + text.length * 5, y, size: 10, text, raw: text, font: 'f', mono: false, bold: false, ...extra });
const row = (y: number, ...frags: Frag[]): Row => ({ y, size: 10, frags, page: 1 });

describe('the column cut on hand-built rows', () => {
  test('a table whose last column holds figures is no set of columns', () => {
    const rows = [0, 1, 2, 3, 4, 5].map((k) => row(700 - 12 * k, frag(`Candidate number ${k} of the list`, 72, 700 - 12 * k), frag(`${100 + k}`, 300, 700 - 12 * k)));
    expect(readingOrder(rows)).toBe(rows);
  });
  test('a line of code with its comment is never cut', () => {
    const code = [0, 1, 2, 3, 4, 5].map((k) => row(700 - 12 * k, frag(`v${k} := load state[${k}]`, 72, 700 - 12 * k, { mono: true }), frag(`// load value number ${k} from the record`, 300, 700 - 12 * k, { mono: true })));
    expect(readingOrder(code)).toBe(code);
  });
  test('a fragment that holds both columns (a gutter narrower than the fragment gap) is cut at the gutter', () => {
    const rows: Row[] = [];
    for (let k = 0; k < 5; k++) {
      const y = 700 - 12 * k;
      const l = frag(`left column words, line ${k} here`, 72, y, { x1: 290 });
      const r = frag(`right column words, line ${k} here`, 298, y, { x1: 516 });
      // One fragment drawn as two parts 8 pt apart (under one em at 10 pt).
      rows.push(row(y, { ...l, x1: 516, text: `${l.text} ${r.text}`, raw: `${l.raw} ${r.raw}`, parts: [l, r] }));
    }
    const order = readingOrder(rows).map((r) => r.frags.map((f) => f.text).join(' | '));
    expect(order).toEqual([0, 1, 2, 3, 4].map((k) => `left column words, line ${k} here`).concat([0, 1, 2, 3, 4].map((k) => `right column words, line ${k} here`)));
  });
  test('right-to-left lines read the right column first', () => {
    const rows: Row[] = [];
    for (let k = 0; k < 4; k++) {
      const y = 700 - 12 * k;
      rows.push({ ...row(y, frag(`שורה שמאלית מספר ${k} בעמוד`, 72, y, { x1: 290 }), frag(`שורה ימנית מספר ${k} בעמוד`, 320, y, { x1: 540 })), rtl: true });
    }
    const order = readingOrder(rows).map((r) => r.frags.map((f) => f.text).join(' | '));
    expect(order.slice(0, 4)).toEqual([0, 1, 2, 3].map((k) => `שורה ימנית מספר ${k} בעמוד`));
    expect(order.slice(4)).toEqual([0, 1, 2, 3].map((k) => `שורה שמאלית מספר ${k} בעמוד`));
  });
});

describe('list items in a narrow column', () => {
  test('a hanging bullet: a line back under the marker continues the item when the item ends mid-sentence', () => {
    const rows = [
      row(700, frag('• Deduction for educator expenses in', 42, 700)),
      row(690, frag('figuring adjusted gross income.', 42, 690)),
      row(680, frag('• District of Columbia first-time', 42, 680)),
      row(670, frag('homebuyer credit.', 42, 670)),
      row(660, frag('The next paragraph starts here.', 42, 660)),
    ];
    const blocks = layoutBlocks(rows, new Map(), new Vocab(), []);
    expect(blocks.map((b) => [b.kind, 'text' in b ? b.text : ''])).toEqual([
      ['list-item', 'Deduction for educator expenses in figuring adjusted gross income.'],
      ['list-item', 'District of Columbia first-time homebuyer credit.'],
      ['paragraph', 'The next paragraph starts here.'],
    ]);
  });
});
