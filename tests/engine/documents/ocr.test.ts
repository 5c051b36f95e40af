// OCR's layout (src/engine/documents/ocr), without Tesseract: words as a recogniser hands them over
// become the items the PDF reader lays out, so a scanned page gets headings from size and weight,
// lists, paragraphs, running lines removed and its page in the page map, like a text page.
import { describe, expect, test } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { lineSizes, ocrItems } from '../../../src/engine/documents/ocr/items.ts';
import { strokeWidths, turnGrey, inkThreshold } from '../../../src/engine/documents/ocr/stroke.ts';
import { languagesOf } from '../../../src/engine/documents/ocr/tesseract-result.ts';
import type { OcrLine, OcrPage, OcrReader } from '../../../src/engine/documents/ocr/types.ts';
import { parsePageMap, parsePdf, pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

/** A line of words at baseline `y` (pixels from the top), `px` pixels per em, words 0.3 em apart. */
function line(text: string, y: number, px: number, x = 100, conf = 95): OcrLine {
  let at = x;
  const words = text.split(' ').map((w) => {
    const wd = w.length * 0.5 * px;
    const word = { text: w, confidence: conf, bbox: { x0: at, y0: y - 0.72 * px, x1: at + wd, y1: y + 0.2 * px } };
    at += wd + 0.3 * px;
    return word;
  });
  return { words, bbox: { x0: x, y0: y - 0.72 * px, x1: at, y1: y + 0.2 * px }, baseline: { x0: x, y0: y, x1: at, y1: y }, rowHeight: 0.95 * px };
}

/** A page 612 × 792 pt read at 2 px/pt; `bold` lines get strokes 1.8× the body's. */
function page(n: number, lines: { l: OcrLine; bold?: boolean }[]): OcrPage {
  const strokes = lines.flatMap(({ l, bold }) => l.words.map(() => (bold ? 1.8 : 1) * 0.1 * (l.rowHeight! / 0.95)));
  return { page: n, width: 1224, height: 1584, view: [0, 0, 612, 792], paragraphs: [{ lines: lines.map((x) => x.l) }], angle: 0, strokes, ms: 1 };
}

/** Pages of a document as OCR would read them: a running header, a bold title, a list, body text, a page number. */
function scannedPages(count: number): OcrPage[] {
  const body = 22; // 11 pt at 2 px/pt
  return Array.from({ length: count }, (_, k) => {
    const n = k + 1;
    return page(n, [
      { l: line('Field Manual of the Lab', 80, 18) },
      { l: line(`Chapter ${n} Overview`, 200, 44), bold: true },
      { l: line(`This chapter ${n} tells how the readers cut the documents into chunks`, 300, body) },
      { l: line('and how every cut changes what the search can find later on.', 330, body) },
      { l: line('Setup steps', 420, 30), bold: true },
      { l: line('• Paste the text into the workspace.', 480, body, 120) },
      { l: line('• Run a grid and read the results.', 510, body, 120) },
      { l: line('The last paragraph of the page closes the chapter.', 600, body) },
      { l: line(String(n), 1500, 18, 600) },
    ]);
  });
}

/** A PDF of `count` empty pages (images only, as far as text goes). */
async function blankPdf(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) doc.addPage([612, 792]);
  return doc.save();
}

/** An OCR reader that hands over prepared pages and records what it was asked. */
function fakeOcr(pages: OcrPage[], mode: OcrReader['mode'] = 'auto'): OcrReader & { asked: number[][]; calls: string[] } {
  const asked: number[][] = [];
  const calls: string[] = [];
  return {
    mode,
    lang: 'por+eng',
    asked,
    calls,
    async read(_bytes, ns) {
      asked.push(ns);
      calls.push('read');
      return ns.map((n) => pages[n - 1]);
    },
    warm: () => void calls.push('warm'),
    release: () => void calls.push('release'),
  };
}

/** A one-page PDF holding an image `w` × `h` pixels drawn over the page (a scanner's page when large). */
async function imagePdf(w: number, h: number, text?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // A grey PNG of w × h (pdf-lib embeds it as an image XObject with /Width and /Height).
  const png = await import('node:zlib').then(({ deflateSync }) => {
    const crcTable = Array.from({ length: 256 }, (_, n) => {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c >>> 0;
    });
    const crc = (b: Uint8Array) => {
      let c = 0xffffffff;
      for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
      return (c ^ 0xffffffff) >>> 0;
    };
    const chunk = (type: string, data: Uint8Array) => {
      const out = new Uint8Array(12 + data.length);
      const v = new DataView(out.buffer);
      v.setUint32(0, data.length);
      out.set(new TextEncoder().encode(type), 4);
      out.set(data, 8);
      v.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
      return out;
    };
    const ihdr = new Uint8Array(13);
    new DataView(ihdr.buffer).setUint32(0, w);
    new DataView(ihdr.buffer).setUint32(4, h);
    ihdr.set([8, 0, 0, 0, 0], 8);
    const raw = new Uint8Array((w + 1) * h).fill(255);
    const parts = [new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())];
    const all = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
    let at = 0;
    for (const p of parts) all.set(p, (at += p.length) - p.length);
    return all;
  });
  const page = doc.addPage([612, 792]);
  page.drawImage(await doc.embedPng(png), { x: 0, y: 0, width: 612, height: 792 });
  if (text) page.drawText(text, { x: 72, y: 700, size: 11 });
  return await doc.save();
}

describe('OCR words as text items', () => {
  test('one size per group of lines read at about the same height; apart sizes stay apart', () => {
    expect(lineSizes([10.8, 11.2, 11, 13.1, 22], [40, 40, 40, 10, 5])).toEqual([11, 11, 11, 13, 22]);
  });

  test('sizes from row heights, baselines in PDF space, bold from strokes, low confidence counted', () => {
    const p = page(1, [{ l: line('Bold Title', 200, 44), bold: true }, { l: line('plain body text here', 300, 22, 100, 40) }]);
    const r = ocrItems(p);
    const words = r.items.filter((i) => i.s.trim());
    expect(words.map((w) => w.s)).toEqual(['Bold', 'Title', 'plain', 'body', 'text', 'here']);
    expect(words[0]).toMatchObject({ size: 22, bold: true, y: 792 - 100 });
    expect(words[2]).toMatchObject({ size: 11, bold: false, y: 792 - 150 });
    expect(r.words).toBe(6);
    expect(r.lowConfidence).toBe(4);
  });

  test('stroke widths: a thick bar reads wider than a thin one; turning back puts ink under its box', () => {
    const w = 200;
    const h = 100;
    const grey = new Uint8Array(w * h).fill(255);
    for (let y = 20; y < 60; y++) {
      for (let x = 20; x < 22; x++) grey[y * w + x] = 0; // thin stem, 2 px
      for (let x = 120; x < 126; x++) grey[y * w + x] = 0; // thick stem, 6 px
    }
    const [thin, thick] = strokeWidths(grey, w, h, [{ x0: 10, y0: 10, x1: 60, y1: 70 }, { x0: 110, y0: 10, x1: 160, y1: 70 }]);
    expect(thin).toBeCloseTo(2);
    expect(thick).toBeCloseTo(6);
    expect(inkThreshold(grey)).toBeLessThan(255);
    // Turned by 0 it is the same image; turned by a quarter the stems lie across.
    expect(turnGrey(grey, w, h, 0)).toBe(grey);
    const turned = turnGrey(grey, w, h, Math.PI / 2);
    expect(turned.filter((v) => v === 0).length).toBeGreaterThan(0);
  });

  test('language lists: codes joined by "+", anything else named', () => {
    expect(languagesOf('por+eng')).toEqual(['por', 'eng']);
    expect(() => languagesOf('por eng')).toThrow(/joined by "\+"/);
  });
});

describe('scanned pages through the PDF reader', () => {
  const pdfjs = loadPdfjs;

  test('headings by size and weight, a list, paragraphs, running lines gone, pages mapped', async () => {
    const ocr = fakeOcr(scannedPages(3));
    const r = await pdfToMarkdown(await blankPdf(3), pdfjs, { ...pdfjsOptions, ocr });
    expect(ocr.asked).toEqual([[1, 2, 3]]);
    expect(r.ocr).toMatchObject({ pages: [1, 2, 3], words: expect.any(Number), lowConfidence: 0, lang: 'por+eng' });
    const md = r.markdown;
    for (const n of [1, 2, 3]) expect(md).toContain(`# Chapter ${n} Overview`);
    expect(md).toMatch(/^## Setup steps$/m);
    expect(md).toContain('- Paste the text into the workspace.');
    expect(md).toContain(`This chapter 2 tells how the readers cut the documents into chunks and how every cut changes what the search can find later on.`);
    // The header on every page and the page numbers are running lines.
    expect(md).not.toContain('Field Manual of the Lab');
    expect(r.runningLines).toBeGreaterThanOrEqual(6);
    // Each chapter lies on its own page in the page map.
    for (const n of [1, 2, 3]) {
      const at = md.indexOf(`Chapter ${n} Overview`);
      expect(r.pages.find((p) => at >= p.start && at < p.end)?.page).toBe(n);
    }
  });

  test('the recogniser is started before the text is read only where OCR may be needed, and let go after', async () => {
    // A scan-sized image (1275 × 1650: 150 dpi over the page): warmed, read, released.
    const scan = fakeOcr(scannedPages(1));
    await pdfToMarkdown(await imagePdf(1275, 1650), pdfjs, { ...pdfjsOptions, ocr: scan });
    expect(scan.calls).toEqual(['warm', 'read', 'release']);
    // A small image (a logo) on a text page: nothing started; a text page with no image: neither.
    const logo = fakeOcr([]);
    await pdfToMarkdown(await imagePdf(200, 100, 'A page with its own text layer.'), pdfjs, { ...pdfjsOptions, ocr: logo });
    expect(logo.calls).toEqual(['release']);
    // A photo the size of a page on a text page: started in vain, let go when the file is read.
    const photo = fakeOcr([]);
    const r = await pdfToMarkdown(await imagePdf(1275, 1650, 'A page with its own text layer.'), pdfjs, { ...pdfjsOptions, ocr: photo });
    expect(r.markdown).toContain('A page with its own text layer.');
    expect(photo.calls).toEqual(['warm', 'release']);
    // always: every page will be read; never: nothing.
    const always = fakeOcr(scannedPages(1), 'always');
    await pdfToMarkdown(await blankPdf(1), pdfjs, { ...pdfjsOptions, ocr: always });
    expect(always.calls).toEqual(['warm', 'read', 'release']);
    const never = fakeOcr([], 'never');
    await expect(pdfToMarkdown(await imagePdf(1275, 1650), pdfjs, { ...pdfjsOptions, ocr: never })).rejects.toMatchObject({ code: 'scanned-pdf' });
    expect(never.calls).toEqual(['release']);
    // A file that fails to open still lets it go.
    const bad = fakeOcr([], 'always');
    await expect(pdfToMarkdown(new TextEncoder().encode('%PDF-1.4 broken'), pdfjs, { ...pdfjsOptions, ocr: bad })).rejects.toThrow();
    expect(bad.calls).toEqual(['warm', 'release']);
  });

  test('mixed file: only the page with no text layer is read by OCR', async () => {
    const doc = await PDFDocument.create();
    const p1 = doc.addPage([612, 792]);
    p1.drawText('A page with its own text layer.', { x: 72, y: 700, size: 11 });
    doc.addPage([612, 792]);
    const ocr = fakeOcr(scannedPages(2));
    const d = await parsePdf({ id: 'mixed', bytes: await doc.save(), name: 'mixed.pdf' }, pdfjs, { ...pdfjsOptions, ocr });
    expect(ocr.asked).toEqual([[2]]);
    expect(d.meta).toMatchObject({ ocrPages: '2', ocrLang: 'por+eng' });
    expect(d.text).toContain('A page with its own text layer.');
    expect(d.text).toContain('Chapter 2 Overview');
    const map = parsePageMap(d.meta.pages, d.text.length);
    const at = d.text.indexOf('Chapter 2 Overview');
    expect(map.find((p) => at >= p.start && at < p.end)?.page).toBe(2);
  });

  test('always: every page is read by OCR; never: a scan is refused, naming --ocr', async () => {
    const ocr = fakeOcr(scannedPages(1), 'always');
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawText('Text the OCR replaces.', { x: 72, y: 700, size: 11 });
    const r = await pdfToMarkdown(await doc.save(), pdfjs, { ...pdfjsOptions, ocr });
    expect(ocr.asked).toEqual([[1]]);
    expect(r.markdown).toContain('Chapter 1 Overview');
    expect(r.markdown).not.toContain('Text the OCR replaces');
    await expect(pdfToMarkdown(await blankPdf(1), pdfjs, { ...pdfjsOptions, ocr: fakeOcr([], 'never') })).rejects.toMatchObject({ code: 'scanned-pdf', message: expect.stringMatching(/OCR is off \(--ocr never\)/) });
    // OCR that finds no words: still refused, saying so.
    const empty = fakeOcr([{ ...scannedPages(1)[0], paragraphs: [] }]);
    await expect(pdfToMarkdown(await blankPdf(1), pdfjs, { ...pdfjsOptions, ocr: empty })).rejects.toMatchObject({ code: 'scanned-pdf', message: expect.stringMatching(/OCR \(por\+eng\) found no words/) });
  });
});
