// Node: the readers for PDF and Word documents in a dataset folder, loaded only when a folder holds
// one (pdf.js's legacy build is the one meant for Node; its standard font data comes from the package
// so that text widths match the fonts, and its CMaps so that CJK text set in fonts with a predefined
// encoding (UniJIS-UCS2-H, UniGB-UCS2-H, UniKS-UCS2-H…: no ToUnicode map) is read at all; mammoth's
// Node build reads the .docx zip).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DocumentReaders } from '../engine/formats/index.ts';
import { loadLegacyPdfjs, nodeInflate, nodePdfjsDocumentOptions } from './pdfjs-legacy.ts';
import type { MammothLike } from '../engine/documents/index.ts';
import { nodeOcr, shareOcrWorker, type NodeOcrOptions } from './ocr/tesseract.ts';

const require = createRequire(import.meta.url);

/** pdf.js's data files from the package: standard fonts (text widths) and CMaps (CJK text). */
function pdfjsData(): Record<string, unknown> {
  try {
    const dir = dirname(require.resolve('pdfjs-dist/package.json'));
    return { standardFontDataUrl: `${join(dir, 'standard_fonts')}/`, cMapUrl: `${join(dir, 'cmaps')}/`, cMapPacked: true };
  } catch {
    return {};
  }
}

let ocrDefaults: NodeOcrOptions = {};

/**
 * The OCR settings every later nodeDocumentReaders() uses (the CLI's --ocr and --ocr-lang), and one
 * Tesseract for every scanned file of the run (src/node/ocr/tesseract.ts: shareOcrWorker) rather than
 * one per file.
 */
export function useOcr(o: NodeOcrOptions): void {
  ocrDefaults = { ...o };
  shareOcrWorker();
}

export function nodeDocumentReaders(ocr: NodeOcrOptions = ocrDefaults): DocumentReaders {
  return {
    // Pages with no text layer read by OCR (src/node/ocr), by default; `mode: 'never'` refuses them.
    ocr: nodeOcr(ocr),
    // pdf.js parses in this thread (Node has no worker for it): see pdfjs-legacy.ts.
    pdfjs: loadLegacyPdfjs,
    pdfDocumentOptions: { ...nodePdfjsDocumentOptions(), ...pdfjsData() },
    pdfInflate: nodeInflate,
    mammoth: async () => ((await import('mammoth')) as unknown as { default?: MammothLike }).default ?? ((await import('mammoth')) as unknown as MammothLike),
  };
}
