// Real-world PDFs the robustness sweep (bench/pdf-sweep.ts) found read badly, reproduced with
// generated files: each test names the defect and checks the text comes back.
import { describe, expect, test } from 'vitest';
import { pageAt, pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { ruledAcrossPages } from '../../../scripts/pdf-cases.ts';
import { cmapPdf, repeatedPagesPdf, ucs2Hex, unmappedFontPdf, type CmapLine } from '../../../scripts/pdf-cases-cmap.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';
import { markdownWords, tokens } from '../../../bench/pdf-metrics.ts';
import { createDeflate, deflateSync } from 'node:zlib';
import { checkInflatedSizes, flateStreams, MAX_IMAGE_PIXELS } from '../../../src/engine/documents/pdf/read/streams.ts';

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

describe('text in a font with no Unicode map (glyphs named /g1, /g2…, no ToUnicode)', () => {
  const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;

  test('pdf.js hands over the character codes themselves (what the reader has to leave out)', async () => {
    const pdfjs = (await loadPdfjs()) as unknown as { getDocument(o: object): { promise: Promise<any> } };
    const doc = await pdfjs.getDocument({ data: await unmappedFontPdf(['unmapped']), verbosity: 0, ...pdfjsOptions.documentOptions }).promise;
    const tc = await (await doc.getPage(1)).getTextContent();
    expect(tc.items.map((i: { str: string }) => i.str).join('')).toMatch(CONTROL);
    await doc.destroy();
  });

  test('a page of it among readable pages: left out of the Markdown, with a note naming the page', async () => {
    const lines = ['The first page opens with ordinary text.', 'The last page closes with other words.'];
    const r = await pdfToMarkdown(await unmappedFontPdf([lines[0], 'unmapped', lines[1]]), loadPdfjs, pdfjsOptions);
    expect(r.markdown).not.toMatch(CONTROL);
    expect(markdownWords(r.markdown)).toEqual(tokens(lines.join(' ')));
    expect(r.notes.some((n) => /no Unicode map/.test(n) && /\(p\. 2\)/.test(n))).toBe(true);
    expect(r.notes.some((n) => /no text on/.test(n))).toBe(false);
  });

  test('nothing else in the file: refused with a message saying the text cannot be decoded', async () => {
    await expect(pdfToMarkdown(await unmappedFontPdf(['unmapped', 'unmapped']), loadPdfjs, pdfjsOptions)).rejects.toMatchObject({ code: 'scanned-pdf', message: expect.stringMatching(/cannot be decoded.*2 pages/) });
  });
});

describe('pages repeating the same content are not taken for running lines', () => {
  test('one line, the same on every page: the text stays (it was removed as a running header, leaving nothing)', async () => {
    const line = 'Habibi, the same greeting on every page.';
    const r = await pdfToMarkdown(await repeatedPagesPdf([line], 4), loadPdfjs, pdfjsOptions);
    expect(markdownWords(r.markdown)).toEqual(tokens(Array(4).fill(line).join(' ')));
    expect(r.runningLines).toBe(0);
  });

  test('a short sheet repeated on each page: every page keeps all its lines', async () => {
    const lines = ['Colour sample sheet', 'Red channel at one quarter', 'Green channel at one half', 'Blue channel at three quarters'];
    const r = await pdfToMarkdown(await repeatedPagesPdf(lines, 5), loadPdfjs, pdfjsOptions);
    for (let p = 1; p <= 5; p++) {
      const text = r.pages.filter((x) => x.page === p).map((x) => r.markdown.slice(x.start, x.end)).join(' ');
      expect(tokens(text), `page ${p}`).toEqual(tokens(lines.join(' ')));
    }
  });
});

describe('images pdf.js is not let decode are not inflated by the decompression check either', () => {
  const obj = (n: number, dict: string, data: Uint8Array) => {
    const head = new TextEncoder().encode(`${n} 0 obj\n<< ${dict} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`);
    const tail = new TextEncoder().encode('\nendstream\nendobj\n');
    return [head, data, tail];
  };
  const file = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts.flat()));

  test('pixels read from direct /Width and /Height only', () => {
    const z = deflateSync(Buffer.alloc(10));
    const f = file([...obj(1, '/Type /XObject /Subtype /Image /Width 300 /Height 200', z), ...obj(2, '/Type /XObject /Subtype /Image /Width 5 0 R /Height 2', z), ...obj(3, '/Length1 10', z)]);
    expect(flateStreams(f).map((s) => [s.object, s.image, s.pixels])).toEqual([
      ['1 0', true, 300 * 200],
      ['2 0', true, undefined],
      ['3 0', false, undefined],
    ]);
  });

  test('a bomb in a one-pixel image is refused; the same bomb in a larger image is never inflated (pdf.js will not read it)', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(1);
    // 257 MiB of zeros (past the 256 MiB image limit), deflated as a stream, then deflated again.
    const inner = await new Promise<Buffer>((resolve, reject) => {
      const d = createDeflate({ level: 9 });
      const out: Buffer[] = [];
      d.on('data', (c: Buffer) => out.push(c));
      d.on('end', () => resolve(Buffer.concat(out)));
      d.on('error', reject);
      const zeros = Buffer.alloc(1 << 20);
      for (let i = 0; i < 257; i++) d.write(zeros);
      d.end();
    });
    const bomb = deflateSync(inner);
    const twice = (w: number, h: number) => {
      const dict = `/Type /XObject /Subtype /Image /Width ${w} /Height ${h} /Filter [/FlateDecode /FlateDecode] /Length ${bomb.length}`;
      return new Uint8Array(Buffer.concat([Buffer.from(`1 0 obj\n<< ${dict} >>\nstream\n`), bomb, Buffer.from('\nendstream\nendobj\n')]));
    };
    await expect(checkInflatedSizes(twice(1, 1))).rejects.toMatchObject({ code: 'decompressed-too-large' });
    await expect(checkInflatedSizes(twice(2000, 1500))).resolves.toEqual([]);
  });
});
