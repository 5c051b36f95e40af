// Tesseract's result tree (blocks → paragraphs → lines → words, as tesseract.js hands it over) as the
// plain OcrPage the reader takes. Shared by the Node and worker adapters.
import { InputError } from '../../types.ts';
import type { OcrBox, OcrPage } from './types.ts';

export interface TesseractBlock {
  paragraphs?: {
    lines?: {
      words?: { text?: string; confidence?: number; bbox?: OcrBox }[];
      bbox?: OcrBox;
      baseline?: OcrBox;
      rowAttributes?: { ascenders?: number; descenders?: number; rowHeight?: number; row_height?: number };
    }[];
  }[];
}

const CODE = /^[a-z]{3}(?:_[a-z]+)?$/;

/** "por+eng" → ["por", "eng"]; a malformed list is an error naming the flag. */
export function languagesOf(lang: string, where = '--ocr-lang'): string[] {
  const codes = lang.split('+').map((s) => s.trim()).filter(Boolean);
  const bad = codes.find((c) => !CODE.test(c));
  if (!codes.length || bad !== undefined) throw new InputError(`OCR languages are Tesseract codes joined by "+" (e.g. por+eng), got "${lang.slice(0, 60)}"`, where);
  return [...new Set(codes)];
}

export function fromTesseract(blocks: TesseractBlock[], at: { page: number; width: number; height: number; view: number[]; angle: number }): OcrPage {
  const paragraphs: OcrPage['paragraphs'] = [];
  for (const b of blocks) {
    for (const p of b.paragraphs ?? []) {
      const lines: OcrPage['paragraphs'][number]['lines'] = [];
      for (const l of p.lines ?? []) {
        const words = (l.words ?? []).filter((w) => w.bbox && typeof w.text === 'string' && w.text.trim()).map((w) => ({ text: w.text!.trim(), confidence: Number(w.confidence ?? 0), bbox: w.bbox! }));
        if (!words.length || !l.bbox) continue;
        const ra = l.rowAttributes ?? {};
        const rowHeight = ra.rowHeight ?? ra.row_height;
        lines.push({ words, bbox: l.bbox, ...(l.baseline ? { baseline: l.baseline } : {}), ...(rowHeight ? { rowHeight } : {}), ...(ra.ascenders !== undefined ? { ascenders: ra.ascenders } : {}), ...(ra.descenders !== undefined ? { descenders: ra.descenders } : {}) });
      }
      if (lines.length) paragraphs.push({ lines });
    }
  }
  return { page: at.page, width: at.width, height: at.height, view: at.view, paragraphs, angle: at.angle, ms: 0 };
}
