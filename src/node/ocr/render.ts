// Node: PDF pages drawn to pixels with pdf.js's legacy build on @napi-rs/canvas (Skia, prebuilt
// binaries from npm: `npm ci` installs it with no system libraries). Used by the OCR reader (pages
// with no text layer) and by the scan generator of the tests and bench.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadLegacyPdfjs } from '../pdfjs-legacy.ts';
import { preloadCanvas } from '../canvas.ts';
import { InputError } from '../../engine/types.ts';
import { drawGrey } from '../../engine/documents/index.ts';

const require = createRequire(import.meta.url);

/** Canvas module, loaded on first use, with a clear error when the optional binary is missing. */
export async function loadCanvas(): Promise<typeof import('@napi-rs/canvas')> {
  try {
    preloadCanvas();
    return await import('@napi-rs/canvas');
  } catch (e) {
    throw new InputError(`OCR needs the package @napi-rs/canvas to draw PDF pages, and it did not load (${String((e as Error)?.message ?? e).slice(0, 160)}): run "npm install @napi-rs/canvas"`, 'ocr', { code: 'no-reader' });
  }
}

/** pdf.js options for drawing: its standard fonts and CMaps from the package; glyphs drawn as paths. */
export function renderDocumentOptions(): Record<string, unknown> {
  const dir = dirname(require.resolve('pdfjs-dist/package.json'));
  return { standardFontDataUrl: `${join(dir, 'standard_fonts')}/`, cMapUrl: `${join(dir, 'cmaps')}/`, cMapPacked: true, disableFontFace: true, isEvalSupported: false, verbosity: 0 };
}

/** Largest image (pixels) a page may decode for OCR: a 600 dpi A3 scan is about 70 million. */
export const MAX_SCAN_PIXELS = 80_000_000;

export interface OpenedPdf {
  numPages: number;
  getPage(n: number): Promise<RenderablePage>;
  destroy(): Promise<unknown>;
}
export interface RenderablePage {
  view: number[];
  getViewport(o: { scale: number; rotation?: number }): { width: number; height: number };
  render(o: Record<string, unknown>): { promise: Promise<unknown>; cancel(): void };
  getOperatorList(o?: Record<string, unknown>): Promise<{ fnArray: number[]; argsArray: unknown[][] }>;
  cleanup(): unknown;
}

export async function openForRendering(bytes: Uint8Array): Promise<{ doc: OpenedPdf; OPS: Record<string, number> }> {
  const pdfjs = (await loadLegacyPdfjs()) as unknown as { getDocument(o: Record<string, unknown>): { promise: Promise<OpenedPdf> }; OPS: Record<string, number> };
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...renderDocumentOptions(), maxImageSize: MAX_SCAN_PIXELS, enableXfa: false }).promise;
  return { doc, OPS: pdfjs.OPS };
}

/** A page drawn in 8-bit grey at `scale` pixels per point (white background). */
export async function renderGrey(page: RenderablePage, scale: number): Promise<{ width: number; height: number; grey: Uint8Array }> {
  const { createCanvas } = await loadCanvas();
  return await drawGrey(page, scale, (width, height) => {
    const canvas = createCanvas(width, height);
    return { canvas, ctx: canvas.getContext('2d') };
  });
}
