// A scanner writes each page as one image drawn over the whole page. pdf.js decodes that image to
// build the page's operator list (which the reader reads first, for the scan's resolution), and
// drawing the page decodes it a second time and copies it onto a canvas pixel for pixel when the page
// is drawn at the image's own resolution. For such a page the decoded image already is the drawn page:
// its grey is taken from it here, and the page is not drawn (a JPEG decode and a canvas copy less; a
// 150 dpi scan, read at 200 dpi, is enlarged here as the canvas would).
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
 * Most a scan is enlarged by when drawn, for the page to be taken from its image: up to 4/3 (a 150
 * dpi scan read at 200 dpi) pdf.js draws an image smoothed (bilinear, done here the same way: the same
 * pixels on the 150 dpi fixture); past it, or made smaller, pdf.js draws it its own way, left to it.
 */
const MAX_ENLARGE = 4 / 3 + 1e-6;

/**
 * The page drawn in 8-bit grey at `scale` pixels per point, taken from its one image when that image,
 * upright and unclipped, covers the page `view` at this scale pixel for pixel or enlarged up to
 * MAX_ENLARGE; null otherwise (or for an image kind or transparency this does not read), and the
 * page is drawn.
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
  if (!upright || !near((e - x0) * scale, 0) || !near((y1 - (f + d)) * scale, 0) || !near(a * scale, width) || !near(d * scale, height)) return null;
  const same = w === width && h === height;
  if (!same && !(w < width && h < height && width / w <= MAX_ENLARGE && height / h <= MAX_ENLARGE)) return null;
  // The image as interleaved 8-bit channels, `stride` bytes a pixel (1 bit a pixel unpacked to grey).
  let src: ArrayLike<number>;
  let stride: number;
  if (kind === RGB_24BPP && data.length >= w * h * 3) [src, stride] = [data, 3];
  else if (kind === RGBA_32BPP && data.length >= w * h * 4) {
    // Drawn on white, a see-through pixel would blend with it: such images are drawn by the adapter.
    for (let i = 3; i < w * h * 4; i += 4) if (data[i] !== 255) return null;
    [src, stride] = [data, 4];
  } else if (kind === GREY_1BPP && data.length >= ((w + 7) >> 3) * h) {
    const row = (w + 7) >> 3;
    const bits = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) bits[y * w + x] = data[y * row + (x >> 3)] & (128 >> (x & 7)) ? 255 : 0;
    if (same) return { width, height, grey: bits };
    [src, stride] = [bits, 1];
  } else return null;
  const grey = new Uint8Array(width * height);
  if (same) {
    for (let i = 0, j = 0; j < grey.length; i += stride, j++) grey[j] = (src[i] * 77 + src[i + 1] * 150 + src[i + 2] * 29) >> 8;
    return { width, height, grey };
  }
  // Enlarged: each drawn pixel's centre mapped back into the image, its four nearest pixels weighed by
  // distance (edges held), each colour rounded to 8 bits before the grey, as the canvas does.
  const axis = (n: number, to: number) => {
    const lo = new Int32Array(to);
    const hi = new Int32Array(to);
    const t = new Float64Array(to);
    for (let i = 0; i < to; i++) {
      const p = Math.min(n - 1, Math.max(0, ((i + 0.5) * n) / to - 0.5));
      lo[i] = Math.floor(p);
      hi[i] = Math.min(n - 1, lo[i] + 1);
      t[i] = p - lo[i];
    }
    return { lo, hi, t };
  };
  const X = axis(w, width);
  const Y = axis(h, height);
  const mix = (top: number, bottom: number, x: number, fy: number, k: number) => {
    const fx = X.t[x];
    const l = X.lo[x] * stride + k;
    const r = X.hi[x] * stride + k;
    return Math.round((src[top + l] * (1 - fx) + src[top + r] * fx) * (1 - fy) + (src[bottom + l] * (1 - fx) + src[bottom + r] * fx) * fy);
  };
  for (let y = 0; y < height; y++) {
    const top = Y.lo[y] * w * stride;
    const bottom = Y.hi[y] * w * stride;
    const fy = Y.t[y];
    for (let x = 0, j = y * width; x < width; x++, j++) {
      grey[j] = stride === 1 ? mix(top, bottom, x, fy, 0) : (mix(top, bottom, x, fy, 0) * 77 + mix(top, bottom, x, fy, 1) * 150 + mix(top, bottom, x, fy, 2) * 29) >> 8;
    }
  }
  return { width, height, grey };
}
