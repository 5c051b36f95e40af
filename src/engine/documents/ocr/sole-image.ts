// A scanner writes each page as one image drawn over the whole page. pdf.js decodes that image to
// build the page's operator list (which the reader reads first, for the scan's resolution), and
// drawing the page decodes it a second time and copies it onto a canvas pixel for pixel when the page
// is drawn at the image's own resolution. For such a page the decoded image already is the drawn page:
// its grey is taken from it here, and the page is not drawn (a JPEG-decode and a canvas copy less).
// Anything else on the page (text, a second image, a turned or clipped image, a resolution the reader
// does not read at) and the adapter draws the page as before.

/** pdf.js's image kinds (ImageKind): 1 bit per pixel packed (1 = white), RGB, RGBA. */
const GREY_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/** The pdf.js operators a page made of one image may hold besides painting it. */
interface Ops {
  save: number;
  restore: number;
  transform: number;
  dependency: number;
  paintImageXObject: number;
}

/** The page's only image and the matrix it is drawn with (PDF user space), or null when the page draws anything else. */
export function soleImage(ops: { fnArray: number[]; argsArray: unknown[][] }, OPS: Record<string, number>): { id: string; width: number; height: number; matrix: number[] } | null {
  const op = OPS as unknown as Ops;
  if (![op.save, op.restore, op.transform, op.dependency, op.paintImageXObject].every((c) => typeof c === 'number')) return null;
  let m = [1, 0, 0, 1, 0, 0];
  const saved: number[][] = [];
  let found: { id: string; width: number; height: number; matrix: number[] } | null = null;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] ?? [];
    if (fn === op.save) saved.push(m);
    else if (fn === op.restore) m = saved.pop() ?? m;
    else if (fn === op.transform) {
      const [a, b, c, d, e, f] = args.map(Number);
      // cm: the new matrix is [a b c d e f] × the current one.
      m = [a * m[0] + b * m[2], a * m[1] + b * m[3], c * m[0] + d * m[2], c * m[1] + d * m[3], e * m[0] + f * m[2] + m[4], e * m[1] + f * m[3] + m[5]];
    } else if (fn === op.paintImageXObject) {
      if (found || typeof args[0] !== 'string') return null;
      found = { id: args[0], width: Number(args[1]), height: Number(args[2]), matrix: m };
    } else if (fn !== op.dependency) return null;
  }
  return found && found.matrix.every(Number.isFinite) ? found : null;
}

/** What pdf.js keeps of a decoded image (page.objs / page.commonObjs). */
export interface DecodedImage {
  width?: number;
  height?: number;
  kind?: number;
  data?: ArrayLike<number>;
}

/**
 * The page drawn in 8-bit grey at `scale` pixels per point, taken from its one image when that image,
 * upright and unclipped, covers the page `view` pixel for pixel at this scale; null otherwise (or for
 * an image kind or transparency this does not read), and the page is drawn.
 */
export function gridGrey(image: DecodedImage, matrix: number[], view: number[], scale: number): { width: number; height: number; grey: Uint8Array } | null {
  const { width: w = 0, height: h = 0, kind, data } = image;
  if (!data || !(w > 0) || !(h > 0)) return null;
  const [a, b, c, d, e, f] = matrix;
  const [x0, y0, x1, y1] = [Math.min(view[0], view[2]), Math.min(view[1], view[3]), Math.max(view[0], view[2]), Math.max(view[1], view[3])];
  // The drawn page's size in pixels (drawGrey's), and where the image's edges fall on it.
  const width = Math.max(1, Math.round((x1 - x0) * scale));
  const height = Math.max(1, Math.round((y1 - y0) * scale));
  const near = (p: number, q: number) => Math.abs(p - q) < 0.25;
  const upright = Math.abs(b) < 1e-9 && Math.abs(c) < 1e-9 && a > 0 && d > 0;
  if (!upright || w !== width || h !== height) return null;
  if (!near((e - x0) * scale, 0) || !near((y1 - (f + d)) * scale, 0) || !near(a * scale, w) || !near(d * scale, h)) return null;
  const grey = new Uint8Array(w * h);
  if (kind === RGB_24BPP && data.length >= w * h * 3) {
    for (let i = 0, j = 0; j < grey.length; i += 3, j++) grey[j] = (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8;
  } else if (kind === RGBA_32BPP && data.length >= w * h * 4) {
    for (let i = 0, j = 0; j < grey.length; i += 4, j++) {
      // Drawn on white, a see-through pixel would blend with it: such images are drawn by the adapter.
      if (data[i + 3] !== 255) return null;
      grey[j] = (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8;
    }
  } else if (kind === GREY_1BPP && data.length >= ((w + 7) >> 3) * h) {
    const row = (w + 7) >> 3;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) grey[y * w + x] = data[y * row + (x >> 3)] & (128 >> (x & 7)) ? 255 : 0;
  } else return null;
  return { width: w, height: h, grey };
}
