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
  const out = new Uint16Array(dark.length);
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height) {
      if (!dark[y * width + x]) {
        y++;
        continue;
      }
      let e = y;
      while (e < height && dark[e * width + x]) e++;
      const n = Math.min(65535, e - y);
      for (let j = y; j < e; j++) out[j * width + x] = n;
      y = e;
    }
  }
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
  const lines = height;
  const along = width;
  const at = (line: number, k: number) => line * width + k;
  const ink = (line: number, k: number) => line >= 0 && line < lines && dark[at(line, k)] === 1;
  const thin = (line: number, k: number) => ink(line, k) && across[at(line, k)] <= thick;
  let found = 0;
  for (let line = 0; line < lines; line++) {
    let start = -1;
    let last = -1;
    let thinCount = 0;
    const close = () => {
      if (start >= 0 && last - start + 1 >= long && thinCount >= 0.8 * (last - start + 1)) {
        found++;
        for (let k = start; k <= last; k++) if (thin(line, k)) remove[at(line, k)] = 1;
      }
      start = -1;
      thinCount = 0;
    };
    for (let k = 0; k < along; k++) {
      if (!(ink(line, k) || ink(line - 1, k) || ink(line + 1, k))) continue;
      if (start < 0 || k - last - 1 > gap) {
        close();
        start = k;
      }
      last = k;
      if (thin(line, k) || thin(line - 1, k) || thin(line + 1, k)) thinCount++;
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
