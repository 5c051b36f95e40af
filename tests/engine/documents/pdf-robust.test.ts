// Real-world PDFs the robustness sweep (bench/pdf-sweep.ts) found read badly, reproduced with
// generated files: each test names the defect and checks the text comes back.
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
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
