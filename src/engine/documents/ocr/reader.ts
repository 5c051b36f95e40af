// The OCR reader both adapters share (the CLI's in src/node/ocr, the page's in workers/ocr.ts): which
// pages to give Tesseract, at what resolution, and how its answer becomes an OcrPage. The adapter
// hands in what differs between Node and the browser: how a PDF is opened and a page drawn to grey
// pixels (@napi-rs/canvas or an OffscreenCanvas), how Tesseract is started (models from node_modules
// or from the page's own origin), and whether the user agrees to load the models first.
import { InputError } from '../../types.ts';
import { languagesOf, fromTesseract, type TesseractBlock } from './tesseract-result.ts';
import { inkThreshold, strokeWidths, turnGrey } from './stroke.ts';
import { removeRules } from './rules.ts';
import { gridGrey, soleImage, type DecodedImage } from './sole-image.ts';
import { DEFAULT_OCR_LANG, type OcrMode, type OcrPage, type OcrProgress, type OcrReader } from './types.ts';

/** What the reader needs of a pdf.js page (drawing it is the adapter's). */
export interface OcrPdfPage {
  view: number[];
  getViewport(o: { scale: number; rotation?: number }): { width: number; height: number };
  getOperatorList(o?: Record<string, unknown>): Promise<{ fnArray: number[]; argsArray: unknown[][] }>;
  cleanup(): unknown;
  /** The page's /Rotate (degrees). */
  rotate?: number;
  /** pdf.js's decoded images of the page (img_…) and of the document (g_…), once its operator list is read. */
  objs?: { get(id: string): unknown };
  commonObjs?: { get(id: string): unknown };
}

export interface OcrPdf<P extends OcrPdfPage = OcrPdfPage> {
  getPage(n: number): Promise<P>;
  destroy(): Promise<unknown>;
}

/** A started Tesseract (tesseract.js's worker object). */
export interface Recogniser {
  recognize(image: Uint8Array, options?: Record<string, unknown>, output?: Record<string, boolean>): Promise<{ data: { blocks: TesseractBlock[] | null; rotateRadians: number | null } }>;
  setParameters(p: Record<string, string>): Promise<unknown>;
  terminate(): Promise<unknown>;
}

export interface OcrBackend<P extends OcrPdfPage = OcrPdfPage> {
  /** Throws an InputError (code ocr-language-missing) naming what to install when a model is absent. */
  check(codes: string[]): void | Promise<void>;
  open(bytes: Uint8Array): Promise<{ doc: OcrPdf<P>; OPS: Record<string, number> }>;
  /** The page drawn in 8-bit grey at `scale` pixels per point on white. */
  render(page: P, scale: number): Promise<{ width: number; height: number; grey: Uint8Array }>;
  /**
   * Asked once, before the models load (the first page that needs them): false declines, and no page
   * is read by OCR (a scan is then refused as without OCR; a mixed file keeps its text pages).
   */
  confirm?(codes: string[]): Promise<boolean>;
  /** Tesseract with the models of `codes`; `recognising` gets the current page's progress (0–1). */
  start(codes: string[], recognising: (fraction: number) => void): Promise<Recogniser>;
  /** After the file, whatever happened (temp files). */
  finish?(): Promise<void>;
  /**
   * How many Tesseracts may read this file's `pages` at once, each in its own thread with its own
   * copy of the models (1 when absent): pages are drawn one after another and handed to the first free.
   */
  parallel?(pages: number): number;
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

/** The page's scan resolution (dots per inch of its widest image across the page), or null; and its operator list. */
async function scanDpi(page: OcrPdfPage, OPS: Record<string, number>): Promise<{ dpi: number | null; ops: { fnArray: number[]; argsArray: unknown[][] } | null }> {
  const ops = await page.getOperatorList({ annotationMode: 0 }).catch(() => null);
  if (!ops) return { dpi: null, ops };
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
  return { dpi: best, ops };
}

/** The page in grey straight from its one decoded image, when it is nothing else and already at `scale` (sole-image.ts); else null. */
function fromSoleImage(page: OcrPdfPage, ops: { fnArray: number[]; argsArray: unknown[][] } | null, OPS: Record<string, number>, scale: number) {
  const sole = ops && soleImage(ops, OPS);
  // A page turned by its /Rotate is drawn turned: left to the adapter.
  if (!sole || (page.rotate ?? 0) % 360 !== 0) return null;
  // The drawn page's pixels per point (a /UserUnit page is drawn larger than its view).
  const [x0, , x1] = page.view;
  const perPoint = page.getViewport({ scale }).width / Math.abs(x1 - x0);
  try {
    const image = (sole.id.startsWith('g_') ? page.commonObjs : page.objs)?.get(sole.id) as DecodedImage | undefined;
    return image && Number.isFinite(perPoint) ? gridGrey(image, sole.matrix, page.view, perPoint) : null;
  } catch {
    // (not resolved in pdf.js's store: the page is drawn)
    return null;
  }
}

/** The 2D context calls drawing a page needs (a Node canvas's or an OffscreenCanvas's). */
export interface GreyCanvas {
  fillStyle: unknown;
  fillRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
}

/**
 * A page drawn by pdf.js in 8-bit grey at `scale` pixels per point on white, on the canvas `create`
 * makes (the adapter's kind); `render` is the page's own render call.
 */
export async function drawGrey<C>(
  page: { getViewport(o: { scale: number }): { width: number; height: number }; render(o: Record<string, unknown>): { promise: Promise<unknown> } },
  scale: number,
  create: (width: number, height: number) => { canvas: C; ctx: GreyCanvas },
): Promise<{ width: number; height: number; grey: Uint8Array }> {
  const vp = page.getViewport({ scale });
  const width = Math.max(1, Math.round(vp.width));
  const height = Math.max(1, Math.round(vp.height));
  const { canvas, ctx } = create(width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  await page.render({ canvasContext: ctx, canvas, viewport: vp, background: 'rgb(255,255,255)', annotationMode: 0 }).promise;
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const grey = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < grey.length; i += 4, j++) grey[j] = (rgba[i] * 77 + rgba[i + 1] * 150 + rgba[i + 2] * 29) >> 8;
  return { width, height, grey };
}

/** tesseract.js's worker options both adapters pass (the models' place is each adapter's own). */
export function tesseractOptions(recognising: (fraction: number) => void): Record<string, unknown> {
  return {
    // Each adapter keeps the models itself (node_modules; the service worker): tesseract.js's own cache would be a second copy.
    cacheMethod: 'none',
    gzip: true,
    logger: (m: { status?: string; progress?: number }) => {
      if (m.status === 'recognizing text') recognising(m.progress ?? 0);
    },
    errorHandler: () => undefined,
  };
}

/** PGM (binary greymap): Tesseract's image reader takes it as it is, with no encoding cost. */
export function pgm(grey: Uint8Array, width: number, height: number): Uint8Array {
  const head = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(head.length + grey.length);
  out.set(head);
  out.set(grey, head.length);
  return out;
}

/** The OCR reader over an adapter's backend (`never`: one that reads nothing, so that a scan's refusal names OCR). */
export function ocrReader<P extends OcrPdfPage>(backend: OcrBackend<P>, o: { mode?: OcrMode; lang?: string } = {}): OcrReader {
  const mode = o.mode ?? 'auto';
  const lang = o.lang ?? DEFAULT_OCR_LANG;
  // The recogniser warm() started and no read() has taken yet.
  let warmed: Warmed | null = null;
  // The user agreed to load the models in an earlier reading (warm() may then start them unasked).
  let agreed = false;
  return {
    mode,
    lang,
    warm() {
      if (mode === 'never' || warmed || (backend.confirm && !agreed)) return;
      let codes: string[];
      try {
        codes = languagesOf(lang);
      } catch {
        return; // read() says what is wrong with the list
      }
      const w: Warmed = { started: null as never, forward: () => undefined };
      // A model not installed: read() throws the error (check again), nothing is started here.
      w.started = (async () => {
        await backend.check(codes);
        return await backend.start(codes, (f) => w.forward(f));
      })();
      w.started.catch(() => undefined);
      warmed = w;
    },
    release() {
      const w = warmed;
      warmed = null;
      // Not awaited: a start still under way is let go when it is done, the file's reading does not wait for it.
      if (w) void w.started.then((r) => r.terminate()).catch(() => undefined);
    },
    async read(bytes, pages, { signal, onProgress }) {
      if (!pages.length || mode === 'never') return [];
      const codes = languagesOf(lang);
      await backend.check(codes);
      const { doc, OPS } = await backend.open(bytes);
      // Taken once the file is open: a file that fails to open leaves it to release().
      const early = warmed;
      warmed = null;
      const out: OcrPage[] = [];
      const reading: Promise<void>[] = [];
      let done = 0;
      let failed = null as { error: unknown } | null;
      const report = (p: Omit<OcrProgress, 'done' | 'total'>) => onProgress?.({ done, total: pages.length, ...p });
      const limit = Math.max(1, Math.floor(backend.parallel?.(pages.length) ?? 1));
      const crew = recognisers(backend, codes, limit, (fraction, page) => report({ page, fraction, stage: 'reading' }), early);
      const empty = (i: number, n: number, view: number[], t0: number) => {
        out[i] = { page: n, width: 1, height: 1, view, paragraphs: [], angle: 0, ms: performance.now() - t0 };
        done++;
      };
      try {
        let declined = false;
        let consent: boolean | null = null;
        for (const [i, n] of pages.entries()) {
          signal?.throwIfAborted();
          if (failed) throw failed.error;
          const t0 = performance.now();
          const page = await doc.getPage(n);
          const { dpi: found, ops } = await scanDpi(page, OPS);
          // No image that could hold text (or OCR declined): nothing to read.
          if (declined || (mode === 'auto' && (found === null || found < MIN_TEXT_DPI))) {
            empty(i, n, page.view, t0);
            continue;
          }
          // Tesseract and its models load on the first page that needs them (none for a file whose only image-only page is a logo), asked first where the backend asks.
          consent ??= backend.confirm ? await backend.confirm(codes) : true;
          agreed ||= consent;
          if (!consent) {
            declined = true;
            empty(i, n, page.view, t0);
            continue;
          }
          signal?.throwIfAborted();
          // The first one loads while this page is drawn; more start when a drawn page finds them all busy.
          if (!crew.started) {
            report({ page: n, fraction: 0, stage: 'loading' });
            crew.begin(n);
          }
          const dpi = found ?? VECTOR_DPI;
          const [x0, y0, x1, y1] = page.view;
          const side = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
          const scale = Math.min(Math.min(MAX_DPI, Math.max(MIN_DPI, dpi)) / 72, MAX_SIDE / side);
          const img = fromSoleImage(page, ops, OPS, scale) ?? (await backend.render(page, scale));
          page.cleanup();
          signal?.throwIfAborted();
          // Tesseract reads a copy with the horizontal ruling lines taken off (rules.ts); stroke widths are measured on the page as drawn.
          const forTesseract = img.grey.slice();
          removeRules(forTesseract, img.width, img.height, scale * 72, inkThreshold(img.grey));
          const worker = await crew.take(n);
          if (signal?.aborted || failed) {
            crew.give(worker);
            signal?.throwIfAborted();
            throw failed!.error;
          }
          worker.page = n;
          report({ page: n, fraction: 0, stage: 'reading' });
          const job = (async () => {
            try {
              await worker.w.setParameters({ user_defined_dpi: String(Math.round(scale * 72)) });
              const r = await worker.w.recognize(pgm(forTesseract, img.width, img.height), { rotateAuto: true }, { blocks: true, text: false });
              const angle = r.data.rotateRadians ?? 0;
              const read = fromTesseract(r.data.blocks ?? [], { page: n, width: img.width, height: img.height, view: page.view, angle });
              const boxes = read.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.bbox)));
              read.strokes = strokeWidths(turnGrey(img.grey, img.width, img.height, angle), img.width, img.height, boxes);
              read.ms = performance.now() - t0;
              out[i] = read;
              done++;
              report({ page: n, fraction: 1, stage: 'reading' });
            } catch (error) {
              // Seen before the recogniser is handed on: no page is given out after one failed.
              failed ??= { error };
            } finally {
              crew.give(worker);
            }
          })();
          reading.push(job);
        }
        await Promise.all(reading);
        if (failed) throw failed.error;
        return out;
      } finally {
        // Cancelled or failed with pages still being read: the recognisers are let go first, then what they were doing settles.
        await crew.end();
        await Promise.all(reading);
        await doc.destroy().catch(() => undefined);
        await backend.finish?.().catch(() => undefined);
      }
    },
  };
}

/** A recogniser started by warm(), and where its progress goes (the reading that takes it sets it). */
interface Warmed {
  started: Promise<Recogniser>;
  forward: (fraction: number) => void;
}

/** One of a reading's recognisers and the page it reads now (its progress is reported for that page). */
interface Hand {
  w: Recogniser;
  page: number;
}

/**
 * The recognisers of one reading: at most `limit`, started as pages need them (the first before the
 * first page is drawn; another when a drawn page finds every started one busy and none loading), each
 * page given to the first that is free. Which one reads a page does not change what it reads: every
 * page sets its own parameters, and the LSTM engine keeps nothing from one page to the next.
 */
function recognisers<P extends OcrPdfPage>(backend: OcrBackend<P>, codes: string[], limit: number, progress: (fraction: number, page: number) => void, early: Warmed | null = null) {
  const starting: Promise<Hand>[] = [];
  let ready = 0;
  const free: Hand[] = [];
  const waiting: { resolve(h: Hand): void; reject(e: unknown): void }[] = [];
  let broken = null as { error: unknown } | null;
  const give = (h: Hand) => {
    const next = waiting.shift();
    if (next) next.resolve(h);
    else free.push(h);
  };
  const grow = (page: number) => {
    const hand = { page } as Hand;
    // The first is the one warm() started, where there is one (its models may be loaded already).
    const mine = early;
    early = null;
    const p = (async () => {
      if (mine) {
        mine.forward = (f) => progress(f, hand.page);
        hand.w = await mine.started;
      } else hand.w = await backend.start(codes, (f) => progress(f, hand.page));
      // Tesseract's own page segmentation (columns, blocks), as its command line does by default.
      await hand.w.setParameters({ tessedit_pageseg_mode: '3' }).catch(async (e: unknown) => {
        // Started but unusable: let it go here (end() lets go only the ones that came up).
        await hand.w.terminate().catch(() => undefined);
        throw e;
      });
      return hand;
    })();
    starting.push(p);
    p.then(
      (h) => {
        ready++;
        give(h);
      },
      (error: unknown) => {
        // A further one that cannot start (out of memory): the pages go on on those already running.
        if (ready > 0) {
          limit = ready;
          return;
        }
        broken ??= { error };
        for (const x of waiting.splice(0)) x.reject(error);
      },
    );
  };
  return {
    /** Starts the first (its models load while the first page is drawn). */
    get started() {
      return starting.length > 0;
    },
    begin: (page: number) => void (starting.length || grow(page)),
    /** A free recogniser for the next page (`page`: until it is given one, a new one's progress is that page's). */
    take(page: number): Promise<Hand> {
      if (broken) return Promise.reject(broken.error);
      const h = free.shift();
      if (h) return Promise.resolve(h);
      if (starting.length < limit && ready === starting.length) grow(page);
      return new Promise<Hand>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    give,
    /** Lets every started one go (a lent one goes back to its pool). */
    async end() {
      for (const x of waiting.splice(0)) x.reject(new Error('OCR reading ended'));
      // Warmed but never needed (no page to read, or the user declined): let go too.
      if (early) await early.started.then((r) => r.terminate()).catch(() => undefined);
      early = null;
      const all = await Promise.allSettled(starting);
      await Promise.all(all.map((r) => (r.status === 'fulfilled' ? r.value.w.terminate().catch(() => undefined) : undefined)));
    },
  };
}

/** A started Tesseract and what ending it takes besides terminate() (a temp folder of models). */
export interface StartedRecogniser {
  worker: Recogniser;
  dispose?(): Promise<void>;
}

/**
 * Tesseracts lent to one reading after another (the files of a CLI run, of a batch worker, of the
 * page's drops) rather than started per file: starting one loads the models, about a second of CPU
 * each time. `lend` hands out one not lent now (the languages asked for), starting one when none is
 * free (a reading that reads pages on several at once borrows several); the lent object's terminate()
 * hands it back, and it ends after `idleMs` unused, or on close(), or at once when one of the calls
 * made through it failed. Asked for other languages, those kept for the old ones that are not lent end.
 */
export function recogniserPool(start: (codes: string[], recognising: (fraction: number) => void) => Promise<StartedRecogniser>, idleMs: number) {
  interface Kept {
    lang: string;
    started: Promise<StartedRecogniser>;
    lent: boolean;
    idle?: ReturnType<typeof setTimeout>;
    // Where this Tesseract reports a page's progress: the reading that holds it now.
    recognising: (fraction: number) => void;
  }
  const kept = new Set<Kept>();
  const end = async (k: Kept): Promise<void> => {
    if (!kept.delete(k)) return;
    clearTimeout(k.idle);
    const started = await k.started.catch(() => null);
    await started?.worker.terminate().catch(() => undefined);
    await started?.dispose?.().catch(() => undefined);
  };
  const close = async (): Promise<void> => void (await Promise.all([...kept].map(end)));
  return {
    close,
    /** How many are kept now (lent or idle). */
    size: () => kept.size,
    async lend(codes: string[], recognising: (fraction: number) => void): Promise<Recogniser> {
      const lang = codes.join('+');
      await Promise.all([...kept].filter((k) => k.lang !== lang && !k.lent).map(end));
      let k = [...kept].find((x) => x.lang === lang && !x.lent);
      if (!k) {
        const entry: Kept = { lang, lent: true, recognising, started: null as never };
        entry.started = start(codes, (f) => entry.recognising(f));
        kept.add(entry);
        entry.started.catch(() => void kept.delete(entry));
        k = entry;
      }
      const entry = k;
      entry.lent = true;
      clearTimeout(entry.idle);
      entry.recognising = recognising;
      const { worker } = await entry.started;
      // A call that failed may have left Tesseract unusable (its engine crashed, out of memory): it
      // ends when handed back, and the next reading starts a fresh one, as when each file had its own.
      let failed = false;
      let back = false;
      const watch = <T>(p: Promise<T>): Promise<T> =>
        p.catch((e: unknown) => {
          failed = true;
          throw e;
        });
      return {
        recognize: (...a) => watch(worker.recognize(...a)),
        setParameters: (p) => watch(worker.setParameters(p)),
        async terminate() {
          if (back) return;
          back = true;
          entry.recognising = () => undefined;
          entry.lent = false;
          if (!kept.has(entry)) return;
          if (failed) return await end(entry);
          entry.idle = setTimeout(() => void end(entry), idleMs);
          (entry.idle as { unref?: () => void }).unref?.();
        },
      };
    },
  };
}

/** The error a backend throws for a language whose model is not there (`fix`: how to get it). */
export function missingLanguage(code: string, fix: string, where = '--ocr-lang'): InputError {
  return new InputError(`the OCR language "${code}" is not installed: ${fix}`, where, { code: 'ocr-language-missing' });
}
