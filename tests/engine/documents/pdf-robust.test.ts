// Real-world PDFs the robustness sweep (bench/pdf-sweep.ts) found read badly, reproduced with
// generated files: each test names the defect and checks the text comes back.
import { describe, expect, test } from 'vitest';
import { pageAt, pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { ruledAcrossPages } from '../../../scripts/pdf-cases.ts';
import { cmapPdf, ucs2Hex, type CmapLine } from '../../../scripts/pdf-cases-cmap.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const squeeze = (s: string) => s.replace(/\s+/g, '');

describe('CJK text in fonts with a predefined CMap (no ToUnicode, no font file)', () => {
  const lines: CmapLine[] = [
    { text: '中文文本提取测试', encoding: 'UniGB-UCS2-H' },
    { text: '日本語のテキスト抽出', encoding: 'UniJIS-UCS2-H' },
    { text: '한국어 텍스트 추출', encoding: 'UniKS-UCS2-H' },
  ];

  test('the generator writes UTF-16 code units as hex', () => {
    expect(ucs2Hex('中A')).toBe('4E2D0041');
  });

  test('read with the package CMaps: every line, in order', async () => {
    const r = await pdfToMarkdown(await cmapPdf(lines), loadPdfjs, pdfjsOptions);
    const md = squeeze(r.markdown);
    let at = -1;
    for (const l of lines) {
      const k = md.indexOf(squeeze(l.text));
      expect(k, l.text).toBeGreaterThan(at);
      at = k;
    }
  });

  test('the CMaps are what makes it readable: without them pdf.js finds no text', async () => {
    const { cMapUrl: _u, cMapPacked: _p, ...withoutCmaps } = pdfjsOptions.documentOptions;
    await expect(pdfToMarkdown(await cmapPdf(lines), loadPdfjs, { documentOptions: withoutCmaps })).rejects.toThrow(/no text layer/);
  });
});

describe('a table continued over a page break keeps its rows on their pages in the page map', () => {
  test('rows drawn on page 2 map to page 2, those on page 1 to page 1', async () => {
    // The generator draws the header and three rows on page 1, the other three rows on page 2.
    const c = await ruledAcrossPages();
    const r = await pdfToMarkdown(c.bytes, loadPdfjs, pdfjsOptions);
    const [table] = c.tables!;
    const lineOf = (cells: string[]) => r.markdown.indexOf(`| ${cells.join(' | ')} |`);
    for (const [i, row] of table.rows.entries()) {
      const at = lineOf(row);
      expect(at, row.join(' ')).toBeGreaterThan(0);
      expect(pageAt(r.pages, at), row.join(' ')).toBe(i < 3 ? 1 : 2);
    }
    expect(pageAt(r.pages, lineOf(table.header))).toBe(1);
  });
});
