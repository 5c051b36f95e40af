// The PDF reader's OCR step: after its text layer is read, the pages that have none (or whose text
// cannot be decoded) are drawn and read by the caller's OCR, and their words take the place of the
// missing text (pdf.ts), so every later stage reads them as it reads text pages. `always` reads
// every page so. This folder knows nothing of the reader's own types: it hands back placed words.
import { ocrItems, type OcrItems } from './items.ts';
import type { OcrProgress, OcrReader, OcrSummary } from './types.ts';

/** What choosing pages needs to know of one: its number and whether its text could not be decoded. */
interface PageFacts {
  n: number;
  garbled?: boolean;
  /** Left unread, past the reader's budget for one page: not drawn for OCR either. */
  skipped?: string;
}

/** A conversion's OCR as document meta (strings): ocrPages "2,3", ocrWords, ocrLowConfidence, ocrLang, ocrMs. */
export function ocrMeta(s: OcrSummary): Record<string, string> {
  return { ocrPages: s.pages.join(','), ocrWords: String(s.words), ocrLowConfidence: String(s.lowConfidence), ocrLang: s.lang, ocrMs: String(Math.round(s.ms)) };
}

/**
 * Pixels of the smallest image worth starting the recogniser early for: a letter page at 60 dpi (the
 * reader's least resolution for text, reader.ts MIN_TEXT_DPI) is 510 × 660.
 */
const SCAN_PIXELS = 300_000;

/** How far from an image's /Subtype its dictionary is looked for, either way (characters). */
const DICT_REACH = 2048;

/**
 * Whether a file may hold scanned pages, from its bytes alone (before pdf.js reads it): an image
 * XObject whose /Width × /Height (written as numbers in its dictionary) could be a page at a
 * resolution OCR reads. A photo in a text file passes too (the recogniser is then started in vain,
 * in its own thread, and let go when the file is read); a file without one never starts it early.
 */
export function mayHoldScans(bytes: Uint8Array): boolean {
  // Latin-1: one character per byte. Image dictionaries are never compressed (a stream's dictionary
  // cannot sit in an object stream); encrypted files keep them in the clear too.
  const text = new TextDecoder('latin1').decode(bytes);
  const subtype = /\/Subtype\s*\/Image\b/g;
  let m: RegExpExecArray | null;
  let end = 0; // where the last dictionary looked at ended
  while ((m = subtype.exec(text)) !== null) {
    // The dictionary around it: from its object's start to its stream's start, each looked for within
    // DICT_REACH characters and not back into the last dictionary, and the next image looked for after
    // it: no character is read more than a few times (unbounded searches made hostile bytes quadratic).
    const from = Math.max(m.index - DICT_REACH, end);
    const obj = text.slice(from, m.index).lastIndexOf('obj');
    const stream = text.slice(m.index, m.index + DICT_REACH).indexOf('stream');
    end = stream < 0 ? m.index + DICT_REACH : m.index + stream;
    subtype.lastIndex = Math.max(subtype.lastIndex, end);
    const dict = text.slice(obj < 0 ? from : from + obj, end);
    const w = /\/Width\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    const h = /\/Height\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    if (w && h && Number(w[1]) * Number(h[1]) >= SCAN_PIXELS) return true;
  }
  return false;
}

/** Starts the reader's recogniser before the text is read when OCR will (always) or may (a scan-sized image: mayHoldScans) read pages. */
export function warmOcr(reader: OcrReader | undefined, bytes: Uint8Array): void {
  if (!reader?.warm || reader.mode === 'never') return;
  if (reader.mode === 'always' || mayHoldScans(bytes)) reader.warm();
}

/** The pages OCR should read in this mode. */
export function pagesToRead<P extends PageFacts>(reader: OcrReader | undefined, pages: P[], visible: (p: P) => boolean): P[] {
  if (!reader || reader.mode === 'never') return [];
  const readable = pages.filter((p) => !p.skipped);
  return reader.mode === 'always' ? readable : readable.filter((p) => !visible(p) || p.garbled);
}

/** The sizes text pages use, to half a point (OCR's sizes snap to them: items.ts). */
export function textSizes(pages: { items: { s: string; size: number }[] }[]): number[] {
  const out = new Set<number>();
  for (const p of pages) for (const i of p.items) if (/\S/.test(i.s)) out.add(Math.round(i.size * 2) / 2);
  return [...out];
}

/** Reads pages `todo` by OCR: each page's placed words (pages with none left out) and what was done; null when there was nothing to read. */
export async function readByOcr(reader: OcrReader, bytes: Uint8Array, todo: number[], sizes: number[], o: { signal?: AbortSignal; onProgress?: (p: OcrProgress) => void }): Promise<{ pages: Map<number, OcrItems>; summary: OcrSummary } | null> {
  if (!todo.length) return null;
  const t0 = Date.now();
  const read = await reader.read(bytes, todo, o);
  const wanted = new Set(todo);
  const pages = new Map<number, OcrItems>();
  const summary: OcrSummary = { pages: [], tried: [], words: 0, lowConfidence: 0, ms: 0, lang: reader.lang };
  for (const r of read) {
    if (!wanted.has(r.page)) continue;
    const got = ocrItems(r, sizes);
    summary.tried.push(r.page);
    if (!got.words) continue;
    summary.pages.push(r.page);
    summary.words += got.words;
    summary.lowConfidence += got.lowConfidence;
    pages.set(r.page, got);
  }
  summary.ms = Date.now() - t0;
  return { pages, summary };
}
