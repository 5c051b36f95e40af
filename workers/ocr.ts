// The page's OCR, inside the engine worker (never on the main thread): pages drawn by pdf.js to an
// OffscreenCanvas here, read by Tesseract's WebAssembly build. The shared loop (which pages, at what
// resolution, Tesseract's answer → positioned words) is the engine's (src/engine/documents/ocr/reader.ts).
//
// Tesseract runs through tesseract.js's browser build, which starts its own nested worker from
// `ocr/worker.min.js`, rather than driving tesseract.js-core in this thread. Why: (1) the core is an
// Emscripten script that tesseract.js loads with importScripts, which only a classic worker has, and
// this engine worker is an ES module worker; (2) tesseract.js's worker already holds the glue between
// the core and its answer (image reading, the model's gunzip, the blocks/lines/words tree with
// baselines and row heights, rotateAuto), the same code the CLI runs, so the page and the CLI read a
// scan alike; (3) cancel terminates this engine worker, and the nested worker goes with it.
// Every file comes from the page's own origin (`ocr/` beside index.html, shipped by
// src/sw/ocr-data-plugin.ts): the worker script, the core, and the models; never a CDN.
import { InputError } from '../src/engine/types.ts';
import { drawGrey, missingLanguage, ocrReader, recogniserPool, tesseractOptions, type OcrMode, type OcrPdf, type OcrPdfPage, type OcrReader, type Recogniser } from '../src/engine/documents/index.ts';
import type { OcrManifest } from '../src/sw/ocr-data-plugin.ts';
import { loadPdfjs, pdfDocumentOptions } from './document-readers.ts';

/** What the page is asked before the models load for the first time (sizes in bytes). */
export interface OcrAsk {
  codes: string[];
  /** Worker script and core, downloaded whatever the language. */
  engineBytes: number;
  /** Each chosen language's model. */
  languages: Record<string, number>;
  /** The OCR files' version (ocr/manifest.json): an agreement holds for these files only. */
  version: string;
}

/** The page's answer: true loads the models and reads the scanned pages. */
export type ConfirmOcr = (ask: OcrAsk) => Promise<boolean>;

/** The folder beside index.html, relative to this worker's script (assets/… built, workers/… under `vite`). */
const ocrBase = () => new URL('../ocr/', self.location.href).href;

let manifest: Promise<OcrManifest> | null = null;

/** The build's OCR files and languages (ocr/manifest.json). */
export function ocrManifest(): Promise<OcrManifest> {
  manifest ??= (async () => {
    const url = `${ocrBase()}manifest.json`;
    const res = await fetch(url).catch(() => null);
    if (!res?.ok) throw new InputError(`this copy of the page has no OCR files (${url}: ${res ? `HTTP ${res.status}` : 'not reachable'})`, 'OCR', { code: 'no-reader' });
    return (await res.json()) as OcrManifest;
  })();
  manifest.catch(() => (manifest = null));
  return manifest;
}

/** pdf.js's scratch canvases (masks, patterns) as OffscreenCanvases: its default one asks `document`. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true })! };
  }
  reset(c: { canvas: OffscreenCanvas }, width: number, height: number) {
    c.canvas.width = width;
    c.canvas.height = height;
  }
  destroy(c: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (c.canvas) c.canvas.width = c.canvas.height = 0;
    c.canvas = null;
    c.context = null;
  }
}

interface DrawnPage extends OcrPdfPage {
  render(o: Record<string, unknown>): { promise: Promise<unknown> };
}

/** Largest image (pixels) a page may decode for OCR, as in the CLI (src/node/ocr/render.ts). */
const MAX_SCAN_PIXELS = 80_000_000;

/**
 * One Tesseract for the scanned files of this engine worker (the files of a drop, and of the next drops
 * within a minute): started on the first scanned page, its models loaded once rather than per file.
 * Cancel and Skip end this engine worker, and the nested Tesseract worker with it.
 */
const tesseracts = recogniserPool(async (codes, recognising) => {
  const m = await ocrManifest();
  const base = ocrBase();
  // The prebuilt ES module has one default export (tesseract.js's CommonJS object).
  const mod = (await import('tesseract.js/dist/tesseract.esm.min.js')) as { default: { createWorker(l: string, oem: number, o: Record<string, unknown>): Promise<Recogniser> } };
  const { createWorker } = mod.default;
  const worker = await createWorker(codes.join('+'), 1, {
    ...tesseractOptions(recognising),
    workerPath: base + m.worker,
    corePath: base + m.core,
    langPath: base.replace(/\/$/, ''),
    // A plain worker from our origin (not a blob: URL that imports it): the service worker and
    // the page's cross-origin isolation apply to it as to every other file.
    workerBlobURL: false,
  });
  return { worker };
}, 60_000);

/** The page's OCR reader: `confirm` is asked (with the download's size) before Tesseract loads. */
export function browserOcr(o: { mode?: OcrMode; lang?: string; confirm?: ConfirmOcr }): OcrReader {
  return ocrReader<DrawnPage>(
    {
      async check(codes) {
        const m = await ocrManifest();
        const missing = codes.find((c) => !(c in m.languages));
        if (missing) throw missingLanguage(missing, `this page was built with ${Object.keys(m.languages).join(', ') || 'no language'} (choose one of them)`, 'OCR');
      },
      async open(bytes) {
        const pdfjs = (await loadPdfjs()) as unknown as { getDocument(o: Record<string, unknown>): { promise: Promise<OcrPdf<DrawnPage>> }; OPS: Record<string, number> };
        const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfDocumentOptions, CanvasFactory: OffscreenCanvasFactory, disableFontFace: true, isEvalSupported: false, maxImageSize: MAX_SCAN_PIXELS, enableXfa: false, verbosity: 0 }).promise;
        return { doc, OPS: pdfjs.OPS };
      },
      async render(page, scale) {
        const drawn: OffscreenCanvas[] = [];
        const img = await drawGrey(page, scale, (width, height) => {
          const canvas = new OffscreenCanvas(width, height);
          drawn.push(canvas);
          return { canvas, ctx: canvas.getContext('2d', { willReadFrequently: true })! };
        });
        // Let the pixels go now rather than at the next collection (a 200 dpi A4 page is 15 MB of RGBA).
        for (const c of drawn) c.width = c.height = 0;
        return img;
      },
      confirm: o.confirm
        ? async (codes) => {
            const m = await ocrManifest();
            return await o.confirm!({ codes, engineBytes: m.engineBytes, languages: Object.fromEntries(codes.map((c) => [c, m.languages[c]])), version: m.version });
          }
        : undefined,
      start: (codes, recognising) => tesseracts.lend(codes, recognising),
    },
    o,
  );
}
