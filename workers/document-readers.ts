// The browser's readers for PDF and Word files, loaded inside the engine worker the first time a
// document needs one (never on the page's main thread).
//
// pdf.js runs here with its own worker "disabled": importing its worker module first sets
// globalThis.pdfjsWorker, and pdf.js then runs its parser in this thread (its in-thread "fake
// worker") instead of starting a nested worker. Why: (1) we are already off the main thread, so a
// second thread buys nothing for responsiveness; (2) pdf.js's nested-worker path reads
// `window.location`, which a worker scope does not have, so it would fall back anyway after a
// failed attempt; (3) cancel terminates this one worker and pdf.js goes with it; (4) no separate
// worker file has to be served or kept in step with the library's version.
// mammoth: its "browser" build (the bundler follows the package's browser field).
import type { DocumentReaders } from '../src/engine/formats/index.ts';
import type { PdfjsModule } from '../src/engine/documents/index.ts';
import type { MammothLike } from '../src/engine/documents/index.ts';

let pdfjs: Promise<PdfjsModule> | null = null;

export function loadPdfjs(): Promise<PdfjsModule> {
  pdfjs ??= (async () => {
    await import('pdfjs-dist/build/pdf.worker.mjs');
    return (await import('pdfjs-dist')) as unknown as PdfjsModule;
  })();
  return pdfjs;
}

async function loadMammoth(): Promise<MammothLike> {
  const m = (await import('mammoth')) as unknown as MammothLike & { default?: MammothLike };
  return m.default ?? m;
}

/**
 * pdf.js's CMaps (CJK text in fonts with a predefined encoding) and standard fonts (widths of the
 * 14 fonts PDFs use without embedding them), shipped beside index.html by src/sw/pdfjs-data-plugin.ts.
 * Relative to this worker's own script (assets/… in a build, workers/… under `vite`), so the page
 * works from any folder of any static host. pdf.js fetches them from this thread (useWorkerFetch:
 * false: its parser runs here), one file at a time, only when a PDF needs one.
 */
function pdfjsData(): Record<string, unknown> {
  const at = (dir: string) => new URL(`../pdfjs/${dir}/`, self.location.href).href;
  return { cMapUrl: at('cmaps'), cMapPacked: true, standardFontDataUrl: at('standard_fonts'), BinaryDataFactory: WorkerBinaryDataFactory };
}

/**
 * How pdf.js fetches those files here. Its own browser factory reads `document.baseURI`, which a
 * worker does not have: the ReferenceError was swallowed and the text set in a CJK font lost (the
 * file then looked scanned). Same contract as pdf.js's factories: built with the base URLs, asked
 * for one file of one kind, answers its bytes.
 */
class WorkerBinaryDataFactory {
  readonly #urls: Record<string, string | null | undefined>;
  constructor(urls: { cMapUrl?: string | null; standardFontDataUrl?: string | null; wasmUrl?: string | null }) {
    this.#urls = { cMapUrl: urls.cMapUrl, standardFontDataUrl: urls.standardFontDataUrl, wasmUrl: urls.wasmUrl };
  }
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const base = this.#urls[kind];
    if (!base) throw new Error(`pdf.js asked for ${kind} data, which this page does not ship`);
    const res = await fetch(`${base}${filename}`);
    if (!res.ok) throw new Error(`could not load ${base}${filename} (HTTP ${res.status})`);
    return new Uint8Array(await res.arrayBuffer());
  }
}

/** getDocument's parameters here (the OCR's drawing adds its own: workers/ocr.ts). */
export const pdfDocumentOptions: Record<string, unknown> = { useWorkerFetch: false, ...pdfjsData() };

export const documentReaders: DocumentReaders = {
  pdfjs: loadPdfjs,
  pdfDocumentOptions,
  mammoth: loadMammoth,
};
