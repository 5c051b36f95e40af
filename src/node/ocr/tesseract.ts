// Node: the OCR reader of the CLI and the library. Pages are drawn by pdf.js on @napi-rs/canvas
// (render.ts) and read by Tesseract's WebAssembly build (tesseract.js, in a worker thread) with the
// trained models of the @tesseract.js-data/<code> npm packages: nothing is fetched from a network.
import { createRequire } from 'node:module';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { availableParallelism, freemem, loadavg, tmpdir } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { dirname, join } from 'node:path';
import { languagesOf, missingLanguage, ocrReader, recogniserPool, tesseractOptions, type OcrMode, type OcrReader, type Recogniser, type StartedRecogniser } from '../../engine/documents/index.ts';
import { openForRendering, renderGrey, type RenderablePage } from './render.ts';

const require = createRequire(import.meta.url);

/** The trained model of a language from its npm package (the "best_int" LSTM models Tesseract ships). */
export function modelFile(code: string, where = '--ocr-lang'): string {
  let dir: string;
  try {
    dir = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
  } catch {
    throw missingLanguage(code, `run "npm install @tesseract.js-data/${code}" (installed by default: por, eng)`, where);
  }
  return join(dir, '4.0.0_best_int', `${code}.traineddata.gz`);
}

export interface NodeOcrOptions {
  mode?: OcrMode;
  lang?: string;
  /**
   * How many Tesseracts may read one file's pages at once (default: ocrThreads(); 1 in a worker
   * thread, as batch's workers already read files side by side).
   */
  threads?: number;
}

/** Memory one more Tesseract may take (its WebAssembly heap with por+eng was ~150 MB after a page; large pages grow it). */
const MEMORY_PER_TESSERACT = 400e6;
/** More than this many gives little: the main thread draws the pages they read, one after another. */
const MAX_TESSERACTS = 4;

/**
 * Tesseracts for a file of `pages` pages to read: one per idle core (the cores less the load
 * average: on a busy machine another one would only take turns with the first and cost its start),
 * up to MAX_TESSERACTS and what free memory allows, never more than the pages; 1 in a worker thread.
 */
export function ocrThreads(pages: number, o: { cores?: number; load?: number; free?: number; main?: boolean } = {}): number {
  const { cores = availableParallelism(), load = loadavg()[0], free = freemem(), main = isMainThread } = o;
  if (!main) return 1;
  return Math.max(1, Math.min(pages, cores - Math.floor(load), MAX_TESSERACTS, Math.floor(free / MEMORY_PER_TESSERACT)));
}

/** A language list whose models are all installed (throws an InputError naming the missing package). */
export function checkOcrLang(lang: string, where = '--ocr-lang'): string[] {
  const codes = languagesOf(lang, where);
  for (const c of codes) modelFile(c, where);
  return codes;
}

/**
 * One Tesseract per process, shared by the files it reads (a CLI run, a batch worker thread), rather
 * than one started per scanned file (recogniserPool). Off by default (a library caller's process would
 * otherwise keep Tesseract's thread, and the caller exit only when it goes): `useOcr` (the CLI's
 * commands and batch's workers) turns it on. The shared one goes after 30 s without a page, or by
 * closeOcrWorker().
 */
let sharing = false;
let starts = 0;
/** How many Tesseracts this process started (the bench and tests see the sharing by it). */
export const ocrWorkerStarts = (): number => starts;

/** Tesseract with the models of `codes`, from a temp folder naming each as Tesseract looks for it (<code>.traineddata.gz), linked to the packages. */
async function startTesseract(codes: string[], recognising: (fraction: number) => void): Promise<StartedRecogniser> {
  const dir = await mkdtemp(join(tmpdir(), 'chunklab-ocr-'));
  starts++;
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    for (const c of codes) await symlink(modelFile(c), join(dir, `${c}.traineddata.gz`));
    const { createWorker } = (await import('tesseract.js')) as unknown as { createWorker(l: string, oem: number, o: Record<string, unknown>): Promise<Recogniser> };
    const worker = await createWorker(codes.join('+'), 1, { ...tesseractOptions(recognising), langPath: dir });
    // createWorker resolves once Tesseract has read the models: the folder goes now, not when the
    // worker ends, which a CLI run (process.exit) and a batch worker thread (terminated) never wait for.
    await dispose();
    return { worker };
  } catch (e) {
    await dispose();
    throw e;
  }
}

const pool = recogniserPool(startTesseract, 30_000);

export function shareOcrWorker(on = true): void {
  sharing = on;
  if (!on) void pool.close();
}

/** Ends the shared Tesseract (if one is running). */
export const closeOcrWorker = (): Promise<void> => pool.close();

/** The OCR reader for Node (`never`: one that reads nothing, so that a scan's refusal names --ocr). */
export function nodeOcr(o: NodeOcrOptions = {}): OcrReader {
  return ocrReader<RenderablePage>(
    {
      check: (codes) => void codes.forEach((c) => modelFile(c)),
      open: openForRendering,
      render: renderGrey,
      parallel: (pages) => o.threads ?? ocrThreads(pages),
      async start(codes, recognising) {
        // Its models' temp folder is already gone (startTesseract): terminate() is all a reader's own one needs.
        return sharing ? await pool.lend(codes, recognising) : (await startTesseract(codes, recognising)).worker;
      },
    },
    o,
  );
}
