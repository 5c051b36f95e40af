// OCR words as the positioned text items the PDF reader lays out (geometry.ts Item): each word at
// its line's baseline in PDF points, its size from the line's height, and bold from its stroke
// width. From there a scanned page goes through the same stages as a page with a text layer
// (rows, running lines, reading order and columns, headings by size and weight, lists, paragraphs).
import { LOW_CONFIDENCE, type OcrLine, type OcrPage } from './types.ts';

/** A word placed on the page: the fields of the PDF reader's text item (pdf/geometry.ts Item) OCR can fill. */
export interface PlacedWord {
  s: string;
  x: number;
  /** Baseline, PDF user space (y upward). */
  y: number;
  w: number;
  size: number;
  font: string;
  mono: boolean;
  bold: boolean;
}

/** The font name OCR items carry (never bold by name: weight comes from the stroke measure). */
export const OCR_FONT = 'ocr';

/**
 * Tesseract's row height (x-height plus ascenders) as a share of the font size: about 0.72 for the
 * common sans and serif faces (Helvetica's and Times's ascenders reach 0.72–0.73 em).
 */
const ROW_HEIGHT_EM = 0.95;
/** A line box (ascenders to descenders) as a share of the font size, when no row height is known. */
const BOX_EM = 1.15;
/**
 * Bold: a word whose stroke, relative to its size, is this much wider than the page's typical
 * word's. Regular and bold cuts of a face differ by 1.4–1.7× in stem width.
 */
const BOLD_RATIO = 1.4;
/** Sizes are rounded to this step (points). */
const SIZE_STEP = 0.5;
/** Line sizes within this ratio of each other are read as one size (OCR measures each line's height a little differently). */
const SAME_SIZE = 1.12;

/**
 * One size per group of lines set in (about) the same size: sizes sorted and cut where one is more
 * than SAME_SIZE times the one before; each group takes its letter-weighted median, rounded.
 */
export function lineSizes(sizes: number[], letters: number[]): number[] {
  const order = sizes.map((_, i) => i).sort((a, b) => sizes[a] - sizes[b]);
  const out = new Array<number>(sizes.length).fill(0);
  let start = 0;
  for (let k = 1; k <= order.length; k++) {
    if (k < order.length && sizes[order[k]] <= SAME_SIZE * sizes[order[k - 1]] && sizes[order[k]] <= SAME_SIZE * SAME_SIZE * sizes[order[start]]) continue;
    const group = order.slice(start, k);
    const total = group.reduce((n, i) => n + Math.max(1, letters[i]), 0);
    let acc = 0;
    let med = sizes[group[0]];
    for (const i of group) {
      acc += Math.max(1, letters[i]);
      if (acc >= total / 2) {
        med = sizes[i];
        break;
      }
    }
    const size = Math.max(1, Math.round(med / SIZE_STEP) * SIZE_STEP);
    for (const i of group) out[i] = size;
    start = k;
  }
  return out;
}

/**
 * A size read by OCR taken as the nearest size of the document's text pages when within SAME_SIZE
 * of it: in a mixed file a heading read from a scan then has the level of the same headings set as text.
 */
function snap(size: number, textSizes: number[]): number {
  let best = size;
  let ratio = SAME_SIZE;
  for (const t of textSizes) {
    const r = Math.max(t / size, size / t);
    if (r <= ratio) {
      ratio = r;
      best = t;
    }
  }
  return best;
}

/** A word that is a list marker: a bullet, or "1." "a)" "(2)". */
const MARKER = /^(?:[•◦▪▫●○■□‣⁃∙·*–\-]|\(?(?:\d{1,3}|[a-zA-Z])[.)])$/u;

const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Font size of a line, pixels. */
function linePx(l: OcrLine): number {
  if (l.rowHeight && l.rowHeight > 0) return l.rowHeight / ROW_HEIGHT_EM;
  return Math.max(1, l.bbox.y1 - l.bbox.y0) / BOX_EM;
}

/** Baseline of a line at x (pixels), from Tesseract's baseline or the bottom of its box less descenders. */
function baselineAt(l: OcrLine, x: number): number {
  const b = l.baseline;
  if (b && b.x1 !== b.x0) return b.y0 + ((b.y1 - b.y0) * (x - b.x0)) / (b.x1 - b.x0);
  if (b) return b.y0;
  return l.bbox.y1 - (l.descenders ?? 0);
}

export interface OcrItems {
  items: PlacedWord[];
  /** The page box the items are placed in (points). */
  box: number[];
  words: number;
  lowConfidence: number;
}

/** The items of one OCR'd page, in PDF user space (y upward) within its page box. */
export function ocrItems(p: OcrPage, textSizes: number[] = []): OcrItems {
  const [vx0, vy0, vx1, vy1] = p.view.length === 4 ? p.view : [0, 0, 612, 792];
  const top = Math.max(vy0, vy1);
  const left = Math.min(vx0, vx1);
  const sx = Math.abs(vx1 - vx0) / (p.width || 1);
  const sy = Math.abs(vy1 - vy0) / (p.height || 1);
  const lines = p.paragraphs.flatMap((para) => para.lines);
  // Stroke width relative to size, word by word, against the page's median (the body's, as body text is most words).
  const strokes = p.strokes ?? [];
  const rel: number[] = [];
  let k = 0;
  for (const l of lines) {
    const px = linePx(l);
    for (const _ of l.words) {
      const s = strokes[k++];
      rel.push(s && px ? s / px : 0);
    }
  }
  const body = median(rel.filter((r) => r > 0));
  const sizeOf = lineSizes(lines.map((l) => linePx(l) * sy), lines.map((l) => l.words.reduce((n, w) => n + w.text.length, 0))).map((z) => snap(z, textSizes));
  const items: PlacedWord[] = [];
  let words = 0;
  let low = 0;
  k = 0;
  lines.forEach((l, li) => {
    const size = sizeOf[li];
    const mid = (l.bbox.x0 + l.bbox.x1) / 2;
    const y = top - baselineAt(l, mid) * sy;
    // A line is bold when most of its letters are (a heading), so that one word read thinner or thicker does not split it.
    const boldLetters = l.words.reduce((n, w, i) => n + (body && rel[k + i] > BOLD_RATIO * body ? w.text.length : 0), 0);
    const letters = l.words.reduce((n, w) => n + w.text.length, 0);
    const bold = boldLetters >= 0.6 * letters;
    l.words.forEach((w, i) => {
      words++;
      if (w.confidence < LOW_CONFIDENCE) low++;
      const x = left + w.bbox.x0 * sx;
      if (i > 0) items.push({ s: ' ', x: x - 0.01, y, w: 0, size, font: OCR_FONT, mono: false, bold });
      let width = Math.max(0, (w.bbox.x1 - w.bbox.x0) * sx);
      // A list marker's box is its ink, narrower than the advance a text layer gives it: the gap to
      // the item's text is taken as half an em, so that marker and text stay one fragment as they do there.
      const next = l.words[i + 1];
      if (i === 0 && next && MARKER.test(w.text) && (next.bbox.x0 - w.bbox.x1) * sx < 3 * size) width = Math.max(width, left + next.bbox.x0 * sx - x - 0.5 * size);
      items.push({ s: w.text, x, y, w: width, size, font: OCR_FONT, mono: false, bold });
    });
    k += l.words.length;
  });
  return { items, box: [vx0, vy0, vx1, vy1], words, lowConfidence: low };
}
