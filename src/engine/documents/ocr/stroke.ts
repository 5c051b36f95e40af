// Stroke width of each word, measured on the page image: how thick its letters are drawn. Tesseract's
// LSTM models report no font weight, so bold (a heading cue the text reader takes from font names)
// is read from the pixels: the mean length of the dark runs across each row of the word's box is
// about the width of a vertical stroke, and a bold word's is clearly wider than the body's at the
// same size.

import type { OcrBox } from './types.ts';

/** The darkest grey that is still ink: Otsu's threshold over a sample of the image (ink is at or below it). */
export function inkThreshold(grey: Uint8Array): number {
  const hist = new Float64Array(256);
  const step = Math.max(1, Math.floor(grey.length / 400_000));
  let n = 0;
  for (let i = 0; i < grey.length; i += step) {
    hist[grey[i]]++;
    n++;
  }
  let sum = 0;
  for (let t = 0; t < 256; t++) sum += t * hist[t];
  let sumB = 0;
  let wB = 0;
  let best = 128;
  let bestVar = -1;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = n - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const v = wB * wF * (mB - mF) * (mB - mF);
    if (v > bestVar) {
      bestVar = v;
      best = t;
    }
  }
  return best;
}

/**
 * `grey` turned by `angle` radians about its centre (nearest pixel, white brought in), so that boxes
 * Tesseract gives on its deskewed image fall on the same ink. Positive turns counter-clockwise as
 * seen on screen (y down).
 */
export function turnGrey(grey: Uint8Array, width: number, height: number, angle: number): Uint8Array {
  if (!angle) return grey;
  const out = new Uint8Array(grey.length).fill(255);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    const dy = y - cy;
    for (let x = 0; x < width; x++) {
      const dx = x - cx;
      // Where this output pixel comes from in the input.
      const sx = Math.round(cx + dx * cos - dy * sin);
      const sy = Math.round(cy + dx * sin + dy * cos);
      if (sx >= 0 && sy >= 0 && sx < width && sy < height) out[y * width + x] = grey[sy * width + sx];
    }
  }
  return out;
}

/** Mean dark-run length along the rows of each box (pixels); 0 for a box with no ink. */
export function strokeWidths(grey: Uint8Array, width: number, height: number, boxes: OcrBox[], threshold = inkThreshold(grey)): number[] {
  return boxes.map((b) => {
    const x0 = Math.max(0, Math.floor(b.x0));
    const x1 = Math.min(width, Math.ceil(b.x1));
    const y0 = Math.max(0, Math.floor(b.y0));
    const y1 = Math.min(height, Math.ceil(b.y1));
    let ink = 0;
    let runs = 0;
    for (let y = y0; y < y1; y++) {
      let inRun = false;
      const row = y * width;
      for (let x = x0; x < x1; x++) {
        const dark = grey[row + x] <= threshold;
        if (dark) {
          ink++;
          if (!inRun) runs++;
        }
        inRun = dark;
      }
    }
    return runs ? ink / runs : 0;
  });
}
