// Scanned PDFs made from the project's own text PDFs, for the OCR tests and bench (run: npx tsx
// scripts/make-scan-fixtures.ts). Each page is drawn by pdf.js (on @napi-rs/canvas) at a scanner's
// resolution, optionally turned, blurred and specked as a poor scan is, written as a greyscale JPEG
// and put back into a PDF with no text (what a scanner writes). The text PDF stays the reference:
// tests and bench compare what OCR reads against what the text reader reads from the source.
//  - tests/fixtures/documents/scans/manual-200.pdf: manual.pdf page 1, clean, 200 dpi.
//  - manual-150-worse.pdf: the same page at 150 dpi, turned 1.2°, blurred, with specks.
//  - mixed.pdf: manual.pdf page 1 as text, page 2 as a 200 dpi scan.
//  - two-column.pdf: manual.pdf's two-column page (3) at 200 dpi.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { loadCanvas, openForRendering, renderGrey } from '../src/node/ocr/render.ts';

export interface ScanOptions {
  dpi: number;
  /** Degrees, counter-clockwise. */
  turn?: number;
  /** Gaussian-like blur radius in pixels. */
  blur?: number;
  /** Dark specks per million pixels. */
  specks?: number;
  seed?: number;
  /** JPEG quality (0–100). */
  quality?: number;
}

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** One page of `bytes` as a scan: JPEG bytes and its size in pixels. */
export async function scanPage(bytes: Uint8Array, n: number, o: ScanOptions): Promise<{ jpeg: Uint8Array; width: number; height: number; pageW: number; pageH: number }> {
  const { createCanvas } = await loadCanvas();
  const { doc } = await openForRendering(bytes);
  try {
    const page = await doc.getPage(n);
    const { width, height, grey } = await renderGrey(page, o.dpi / 72);
    const src = createCanvas(width, height);
    const sctx = src.getContext('2d');
    const img = sctx.createImageData(width, height);
    for (let i = 0; i < grey.length; i++) {
      img.data[4 * i] = img.data[4 * i + 1] = img.data[4 * i + 2] = grey[i];
      img.data[4 * i + 3] = 255;
    }
    sctx.putImageData(img, 0, 0);
    const out = createCanvas(width, height);
    const ctx = out.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    if (o.blur) ctx.filter = `blur(${o.blur}px)`;
    ctx.translate(width / 2, height / 2);
    ctx.rotate((-(o.turn ?? 0) * Math.PI) / 180);
    ctx.drawImage(src, -width / 2, -height / 2);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.filter = 'none';
    if (o.specks) {
      const r = rng(o.seed ?? 7);
      const count = Math.round((o.specks * width * height) / 1e6);
      ctx.fillStyle = '#222';
      for (let i = 0; i < count; i++) {
        ctx.beginPath();
        ctx.arc(r() * width, r() * height, 0.5 + r() * 1.5, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    const jpeg = new Uint8Array(await out.encode('jpeg', o.quality ?? 75));
    const [x0, y0, x1, y1] = page.view;
    return { jpeg, width, height, pageW: Math.abs(x1 - x0), pageH: Math.abs(y1 - y0) };
  } finally {
    await doc.destroy();
  }
}

/**
 * A PDF of pages: a number is that page of `bytes` scanned with `o`; `{ text: n }` is page n of
 * `bytes` copied as it is (its text layer kept): a mixed file.
 */
export async function scanPdf(bytes: Uint8Array, pages: (number | { text: number })[], o: ScanOptions): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const source = await PDFDocument.load(bytes);
  out.setProducer('ChunkLab scan generator');
  out.setCreationDate(new Date(0));
  out.setModificationDate(new Date(0));
  for (const p of pages) {
    if (typeof p === 'object') {
      const [copied] = await out.copyPages(source, [p.text - 1]);
      out.addPage(copied);
      continue;
    }
    const s = await scanPage(bytes, p, o);
    const img = await out.embedJpg(s.jpeg);
    const page = out.addPage([s.pageW, s.pageH]);
    page.drawImage(img, { x: 0, y: 0, width: s.pageW, height: s.pageH });
  }
  return out.save({ useObjectStreams: false });
}

export const CLEAN: ScanOptions = { dpi: 200, quality: 75 };
export const WORSE: ScanOptions = { dpi: 150, turn: 1.2, blur: 0.7, specks: 60, seed: 11, quality: 70 };

if (import.meta.url === `file://${process.argv[1]}`) {
  const docs = join(import.meta.dirname, '..', 'tests', 'fixtures', 'documents');
  const out = join(docs, 'scans');
  mkdirSync(out, { recursive: true });
  const manual = new Uint8Array(readFileSync(join(docs, 'manual.pdf')));
  const write = (name: string, b: Uint8Array) => {
    writeFileSync(join(out, name), b);
    console.log(`${name}: ${b.length} bytes`);
  };
  write('manual-200.pdf', await scanPdf(manual, [1], CLEAN));
  write('manual-150-worse.pdf', await scanPdf(manual, [1], WORSE));
  write('mixed.pdf', await scanPdf(manual, [{ text: 1 }, 2], CLEAN));
  write('two-column.pdf', await scanPdf(manual, [3], CLEAN));
}
