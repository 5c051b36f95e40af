// Horizontal ruling lines taken off a page image before Tesseract reads it. A ruled table's borders,
// scanned, are dark strokes right above and below the cell text, and Tesseract misreads the words
// they run along ("Biblioteca" as "piptioteca", "Revisão" as "Revisãoevisdo"). A rule is told from
// text by its shape: unbroken ink no thicker than a pen line (about 1.5 pt) that runs on much longer
// than any letter (half an inch); a row through text breaks between letters. Only its thin pixels go,
// so a letter's stem crossing it stays. Underlines go too (they hurt reading the same way).
// Vertical rules stay: taken off, the words of neighbouring cells run together ("team e" read as
// "teame"), and they cost Tesseract little. Measured on 200 dpi scans of two pages of the issue-30
// corpus's chromium-columns-pt-1027 (bench/ocr-corpus.ts's documents): recall 0.950 → 0.980, order
// 0.901 → 0.957 with horizontal rules off; vertical ones off as well gave 0.972 / 0.941, and cost
// words in tagged-office.pdf's tables.
// Tables are still found from the words' positions, as on any scanned page.

/** Pixels whitened, and the pixel rows a rule was found on. */
export interface RulesRemoved {
  pixels: number;
  rows: number;
}

/** Length of the vertical dark run through each pixel (0 for light pixels): its thickness as a horizontal stroke. */
function columnRuns(dark: Uint8Array, width: number, height: number): Uint16Array {
  // Row by row (the image's own order, not down each column): first each dark pixel's run so far from
  // above, then, from the bottom up, each run's full length carried back up through it.
  const out = new Uint16Array(dark.length);
  for (let i = 0; i < width; i++) out[i] = dark[i];
  for (let i = width; i < dark.length; i++) out[i] = dark[i] ? Math.min(65535, out[i - width] + 1) : 0;
  for (let i = dark.length - width - 1; i >= 0; i--) if (out[i] && out[i + width]) out[i] = out[i + width];
  return out;
}

/**
 * Finds horizontal rules and marks their thin pixels in `remove`. `across` holds each pixel's vertical
 * run length (its thickness as a rule). A rule is unbroken ink (looking one line to each
 * side, for a page turned a little; breaks of up to `gap` pixels bridged, for a worn scan) at least
 * `long` along, most of it thin (at most `thick` across): a row through text is broken between letters
 * and, where letters touch, mostly thick stems. Only the thin pixels go, so a letter crossing a rule
 * keeps its stem.
 */
function markRules(dark: Uint8Array, across: Uint16Array, width: number, height: number, thick: number, long: number, gap: number, remove: Uint8Array): number {
  // Thin ink (a pixel of a stroke no thicker than a rule), and each row's count of ink.
  const thin = new Uint8Array(dark.length);
  const rowInk = new Int32Array(height);
  for (let line = 0, i = 0; line < height; line++) {
    let n = 0;
    for (let k = 0; k < width; k++, i++) {
      n += dark[i];
      thin[i] = dark[i] && across[i] <= thick ? 1 : 0;
    }
    rowInk[line] = n;
  }
  let found = 0;
  for (let line = 0; line < height; line++) {
    const here = line * width;
    const up = line > 0 ? here - width : -1;
    const down = line < height - 1 ? here + width : -1;
    // Fewer inked pixels in the three rows than a rule needs thin (0.8 of at least `long` positions): no run here can be one.
    if (rowInk[line] + (up >= 0 ? rowInk[line - 1] : 0) + (down >= 0 ? rowInk[line + 1] : 0) < 0.8 * long) continue;
    let start = -1;
    let last = -1;
    let thinCount = 0;
    const close = () => {
      if (start >= 0 && last - start + 1 >= long && thinCount >= 0.8 * (last - start + 1)) {
        found++;
        for (let k = start; k <= last; k++) if (thin[here + k]) remove[here + k] = 1;
      }
      start = -1;
      thinCount = 0;
    };
    for (let k = 0; k < width; k++) {
      // Ink on this row or one line to either side (a page turned a little).
      if (!(dark[here + k] || (up >= 0 && dark[up + k]) || (down >= 0 && dark[down + k]))) continue;
      if (start < 0 || k - last - 1 > gap) {
        close();
        start = k;
      }
      last = k;
      if (thin[here + k] || (up >= 0 && thin[up + k]) || (down >= 0 && thin[down + k])) thinCount++;
    }
    close();
  }
  return found;
}

/**
 * Whitens the horizontal ruling lines of `grey` (8-bit, `width` × `height`, drawn at `dpi`) in place; `threshold`
 * is the darkest grey that is still ink (stroke.ts's inkThreshold).
 */
export function removeRules(grey: Uint8Array, width: number, height: number, dpi: number, threshold: number): RulesRemoved {
  const dark = new Uint8Array(grey.length);
  for (let i = 0; i < grey.length; i++) dark[i] = grey[i] <= threshold ? 1 : 0;
  // A rule: at most ~1.5 pt thick (blur widens a scanned hairline), at least half an inch long;
  // breaks of 2 pixels bridged (a worn or JPEG-speckled line).
  const thick = Math.max(2, Math.round(dpi / 50));
  const long = Math.round(dpi / 2);
  const gap = 2;
  const remove = new Uint8Array(grey.length);
  const rows = markRules(dark, columnRuns(dark, width, height), width, height, thick, long, gap, remove);
  let pixels = 0;
  for (let i = 0; i < grey.length; i++) {
    if (remove[i]) {
      grey[i] = 255;
      pixels++;
    }
  }
  return { pixels, rows };
}
