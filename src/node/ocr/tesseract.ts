// Node: the OCR reader of the CLI and the library. Pages are drawn by pdf.js on @napi-rs/canvas
// (render.ts) and read by Tesseract's WebAssembly build (tesseract.js, in a worker thread) with the
// trained models of the @tesseract.js-data/<code> npm packages: nothing is fetched from a network.
import { createRequire } from 'node:module';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { InputError } from '../../engine/types.ts';
import { DEFAULT_OCR_LANG, fromTesseract, languagesOf, strokeWidths, turnGrey, type OcrMode, type OcrPage, type OcrProgress, type OcrReader, type TesseractBlock } from '../../engine/documents/index.ts';
import { openForRendering, renderGrey, type RenderablePage } from './render.ts';

const require = createRequire(import.meta.url);

/** The trained model of a language from its npm package (the "best_int" LSTM models Tesseract ships). */
export function modelFile(code: string, where = '--ocr-lang'): string {
  let dir: string;
  try {
    dir = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
  } catch {
    throw new InputError(`the OCR language "${code}" is not installed: run "npm install @tesseract.js-data/${code}" (installed by default: por, eng)`, where, { code: 'ocr-language-missing' });
  }
  return join(dir, '4.0.0_best_int', `${code}.traineddata.gz`);
}

/** Resolution pages are read at: the scan's own (from its largest image), within these bounds. */
const MIN_DPI = 200;
const MAX_DPI = 300;
/**
 * An image under this resolution across the page holds no text OCR could read (a logo, a photo
 * stretched over the page, a shaded box): such pages are not given to Tesseract in `auto` mode.
 */
const MIN_TEXT_DPI = 60;
/** Pages with no image (a text page read with --ocr always). */
const VECTOR_DPI = 250;
/** Longest side of a drawn page, pixels (a poster-sized page is read at a lower resolution). */
const MAX_SIDE = 6000;

/** The page's scan resolution (dots per inch of its widest image across the page), or null. */
async function scanDpi(page: RenderablePage, OPS: Record<string, number>): Promise<number | null> {
  const ops = await page.getOperatorList({ annotationMode: 0 }).catch(() => null);
  if (!ops) return null;
  const [x0, , x1] = page.view;
  const pageW = Math.abs(x1 - x0) || 612;
  let best: number | null = null;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    let w = 0;
    if (fn === OPS.paintImageXObject) w = Number(args?.[1]) || 0;
    else if (fn === OPS.paintInlineImageXObject) w = Number((args?.[0] as { width?: number })?.width) || 0;
    if (w > 1) best = Math.max(best ?? 0, (w / pageW) * 72);
  }
  return best;
}

/** PGM (binary greymap): Tesseract's image reader takes it as it is, with no encoding cost. */
function pgm(grey: Uint8Array, width: number, height: number): Uint8Array {
  const head = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(head.length + grey.length);
  out.set(head);
  out.set(grey, head.length);
  return out;
}

interface TesseractWorker {
  recognize(image: unknown, options?: Record<string, unknown>, output?: Record<string, boolean>): Promise<{ data: { blocks: TesseractBlock[] | null; rotateRadians: number | null } }>;
  setParameters(p: Record<string, string>): Promise<unknown>;
  terminate(): Promise<unknown>;
}

export interface NodeOcrOptions {
  mode?: OcrMode;
  lang?: string;
}

/** A language list whose models are all installed (throws an InputError naming the missing package). */
export function checkOcrLang(lang: string, where = '--ocr-lang'): string[] {
  const codes = languagesOf(lang, where);
  for (const c of codes) modelFile(c, where);
  return codes;
}

/** The OCR reader for Node (`never`: one that reads nothing, so that a scan's refusal names --ocr). */
export function nodeOcr(o: NodeOcrOptions = {}): OcrReader {
  const mode = o.mode ?? 'auto';
  const lang = o.lang ?? DEFAULT_OCR_LANG;
  return {
    mode,
    lang,
    async read(bytes, pages, { signal, onProgress }) {
      if (!pages.length || mode === 'never') return [];
      const codes = checkOcrLang(lang);
      const report = (p: OcrProgress) => onProgress?.(p);
      report({ done: 0, total: pages.length, page: pages[0], fraction: 0, stage: 'loading' });
      // One folder naming every model as Tesseract looks for it (<code>.traineddata.gz), linked to the packages.
      const langDir = await mkdtemp(join(tmpdir(), 'chunklab-ocr-'));
      let worker: TesseractWorker | null = null;
      const { doc, OPS } = await openForRendering(bytes);
      try {
        let current = pages[0];
        let done = 0;
        // Tesseract and its models load on the first page that needs them (none for a file whose only image-only page is a logo).
        const start = async (): Promise<TesseractWorker> => {
          for (const c of codes) await symlink(modelFile(c), join(langDir, `${c}.traineddata.gz`));
          const { createWorker } = (await import('tesseract.js')) as unknown as { createWorker(l: string, oem: number, o: Record<string, unknown>): Promise<TesseractWorker> };
          const w = await createWorker(codes.join('+'), 1, {
            langPath: langDir,
            cacheMethod: 'none',
            gzip: true,
            logger: (m: { status?: string; progress?: number }) => {
              if (m.status === 'recognizing text') report({ done, total: pages.length, page: current, fraction: m.progress ?? 0, stage: 'reading' });
            },
            errorHandler: () => undefined,
          });
          // Tesseract's own page segmentation (columns, blocks), as its command line does by default.
          await w.setParameters({ tessedit_pageseg_mode: '3' });
          return w;
        };
        const out: OcrPage[] = [];
        for (const n of pages) {
          signal?.throwIfAborted();
          current = n;
          const t0 = performance.now();
          const page = await doc.getPage(n);
          const found = await scanDpi(page, OPS);
          if (mode === 'auto' && (found === null || found < MIN_TEXT_DPI)) {
            // No image that could hold text: nothing to read.
            out.push({ page: n, width: 1, height: 1, view: page.view, paragraphs: [], angle: 0, ms: performance.now() - t0 });
            done++;
            continue;
          }
          worker ??= await start();
          const dpi = found ?? VECTOR_DPI;
          const [x0, y0, x1, y1] = page.view;
          const side = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
          const scale = Math.min(Math.min(MAX_DPI, Math.max(MIN_DPI, dpi)) / 72, MAX_SIDE / side);
          const img = await renderGrey(page, scale);
          await worker.setParameters({ user_defined_dpi: String(Math.round(scale * 72)) });
          page.cleanup();
          signal?.throwIfAborted();
          const r = await worker.recognize(pgm(img.grey, img.width, img.height), { rotateAuto: true }, { blocks: true, text: false });
          const angle = r.data.rotateRadians ?? 0;
          const read = fromTesseract(r.data.blocks ?? [], { page: n, width: img.width, height: img.height, view: page.view, angle });
          const boxes = read.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.bbox)));
          read.strokes = strokeWidths(turnGrey(img.grey, img.width, img.height, angle), img.width, img.height, boxes);
          read.ms = performance.now() - t0;
          out.push(read);
          done++;
          report({ done, total: pages.length, page: n, fraction: 1, stage: 'reading' });
        }
        return out;
      } finally {
        await worker?.terminate().catch(() => undefined);
        await doc.destroy().catch(() => undefined);
        await rm(langDir, { recursive: true, force: true }).catch(() => undefined);
      }
    },
  };
}
