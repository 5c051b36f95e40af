// The OCR loop both adapters share (src/engine/documents/ocr/reader.ts), over a fake backend: which
// pages reach the recogniser (auto skips a page with no readable image), the user's consent asked once
// before the models load (declined: nothing loads or is read), the missing-language check first,
// cancel between pages, progress reports, and cleanup whatever happens.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ocrReader, recogniserPool, type OcrBackend, type OcrPdfPage, type Recogniser } from '../../../src/engine/documents/ocr/reader.ts';
import { missingLanguage } from '../../../src/engine/documents/ocr/reader.ts';
import type { OcrProgress } from '../../../src/engine/documents/ocr/types.ts';
import { errorCode } from '../../../src/engine/types.ts';

const OPS = { paintImageXObject: 85, paintInlineImageXObject: 86 };

/** A page 612 pt wide holding one image `px` pixels wide (0: no image). */
function fakePage(px: number): OcrPdfPage {
  return {
    view: [0, 0, 612, 792],
    getViewport: ({ scale }) => ({ width: 612 * scale, height: 792 * scale }),
    getOperatorList: async () => (px ? { fnArray: [OPS.paintImageXObject], argsArray: [['img', px, px]] } : { fnArray: [], argsArray: [] }),
    cleanup: () => undefined,
  };
}

function backend(images: Record<number, number>, o: { consent?: boolean; installed?: string[]; onRecognise?: () => void } = {}) {
  const log: string[] = [];
  const recogniser: Recogniser = {
    async recognize(image) {
      log.push(`recognise ${new TextDecoder().decode(image.subarray(0, 2))}`);
      o.onRecognise?.();
      const word = { text: 'Palavra', confidence: 90, bbox: { x0: 10, y0: 10, x1: 60, y1: 30 } };
      return { data: { blocks: [{ paragraphs: [{ lines: [{ words: [word], bbox: word.bbox, rowheight: 20 }] }] }] as never, rotateRadians: 0 } };
    },
    setParameters: async () => undefined,
    terminate: async () => void log.push('terminate'),
  };
  const b: OcrBackend = {
    check(codes) {
      const missing = codes.find((c) => !(o.installed ?? ['por', 'eng']).includes(c));
      if (missing) throw missingLanguage(missing, 'choose another', 'OCR');
    },
    open: async () => ({ doc: { getPage: async (n: number) => fakePage(images[n] ?? 0), destroy: async () => void log.push('destroy') }, OPS }),
    render: async (_page, scale) => {
      log.push(`render ${Math.round(scale * 72)} dpi`);
      return { width: 40, height: 40, grey: new Uint8Array(1600).fill(255) };
    },
    confirm: async (codes) => {
      log.push(`confirm ${codes.join('+')}`);
      return o.consent ?? true;
    },
    start: async (codes, recognising) => {
      log.push(`start ${codes.join('+')}`);
      recognising(0.5);
      return recogniser;
    },
    finish: async () => void log.push('finish'),
  };
  return { b, log };
}

describe('the shared OCR reader', () => {
  test('auto: a page with no image (or only a low-resolution one) is not read; the others at their scan resolution', async () => {
    const { b, log } = backend({ 1: 0, 2: 1700, 3: 300 });
    const seen: OcrProgress[] = [];
    const pages = await ocrReader(b).read(new Uint8Array(), [1, 2, 3], { onProgress: (p) => seen.push(p) });
    expect(pages.map((p) => [p.page, p.paragraphs.length])).toEqual([[1, 0], [2, 1], [3, 0]]);
    // 1700 px across 8.5 in = 200 dpi; asked once, Tesseract started once, PGM handed over.
    expect(log).toEqual(['confirm por+eng', 'start por+eng', 'render 200 dpi', 'recognise P5', 'terminate', 'destroy', 'finish']);
    expect(seen[0]).toMatchObject({ stage: 'loading', page: 2, done: 1, total: 3 });
    expect(seen.at(-1)).toMatchObject({ stage: 'reading', page: 2, done: 2, fraction: 1 });
  });

  test('declined: nothing loads, no page is read, and the question is not asked again for the next page', async () => {
    const { b, log } = backend({ 1: 1700, 2: 1700 }, { consent: false });
    const pages = await ocrReader(b).read(new Uint8Array(), [1, 2], {});
    expect(pages.every((p) => p.paragraphs.length === 0)).toBe(true);
    expect(log).toEqual(['confirm por+eng', 'destroy', 'finish']);
  });

  test('a language not installed is refused before the PDF is opened, naming it', async () => {
    const { b, log } = backend({ 1: 1700 }, { installed: ['eng'] });
    const e = await ocrReader(b, { lang: 'por+eng' }).read(new Uint8Array(), [1], {}).catch((x) => x);
    expect(errorCode(e)).toBe('ocr-language-missing');
    expect(String(e.message)).toContain('"por" is not installed: choose another');
    expect(log).toEqual([]);
  });

  test('cancel between pages: the rest is not read and Tesseract is let go', async () => {
    const ctl = new AbortController();
    const { b, log } = backend({ 1: 1700, 2: 1700, 3: 1700 }, { onRecognise: () => ctl.abort() });
    await expect(ocrReader(b).read(new Uint8Array(), [1, 2, 3], { signal: ctl.signal })).rejects.toThrow();
    expect(log.filter((l) => l.startsWith('recognise'))).toHaveLength(1);
    expect(log.slice(-3)).toEqual(['terminate', 'destroy', 'finish']);
  });

  test('warm(): Tesseract starts before the file is read, and the next reading takes it rather than starting another', async () => {
    const { b, log } = backend({ 1: 1700 });
    delete b.confirm;
    const reader = ocrReader(b);
    reader.warm!();
    reader.warm!(); // one at a time
    await Promise.resolve();
    expect(log).toEqual(['start por+eng']);
    const pages = await reader.read(new Uint8Array(), [1], {});
    expect(pages[0].paragraphs).toHaveLength(1);
    expect(log).toEqual(['start por+eng', 'render 200 dpi', 'recognise P5', 'terminate', 'destroy', 'finish']);
    reader.release!(); // taken: nothing left to let go
    await new Promise((r) => setTimeout(r, 0));
    expect(log.filter((l) => l === 'terminate')).toHaveLength(1);
  });

  test('warm() with no page to read after it: release() lets it go; a reading with no page needing OCR lets it go too', async () => {
    const { b, log } = backend({ 1: 0 });
    delete b.confirm;
    const reader = ocrReader(b);
    reader.warm!();
    reader.release!();
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['start por+eng', 'terminate']);
    // Warmed, then the file's only page has no image: the reading ends it.
    log.length = 0;
    reader.warm!();
    await reader.read(new Uint8Array(), [1], {});
    expect(log).toEqual(['start por+eng', 'terminate', 'destroy', 'finish']);
  });

  test('warm() then a file that fails to open: release() still lets the started one go', async () => {
    const { b, log } = backend({ 1: 1700 });
    delete b.confirm;
    b.open = async () => {
      throw new Error('not a PDF');
    };
    const reader = ocrReader(b);
    reader.warm!();
    await expect(reader.read(new Uint8Array(), [1], {})).rejects.toThrow('not a PDF');
    reader.release!();
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['start por+eng', 'terminate']);
  });

  test('warm() asks nothing: where the user is asked first, it starts nothing until they have agreed once', async () => {
    const { b, log } = backend({ 1: 1700 });
    const reader = ocrReader(b);
    reader.warm!();
    await Promise.resolve();
    expect(log).toEqual([]);
    await reader.read(new Uint8Array(), [1], {});
    expect(log.slice(0, 2)).toEqual(['confirm por+eng', 'start por+eng']);
    log.length = 0;
    reader.warm!();
    await Promise.resolve();
    expect(log).toEqual(['start por+eng']);
    reader.release!();
    // Declined: a warm reader of that kind never starts one unasked.
    const no = backend({ 1: 1700 }, { consent: false });
    const declined = ocrReader(no.b);
    await declined.read(new Uint8Array(), [1], {});
    declined.warm!();
    await Promise.resolve();
    expect(no.log).toEqual(['confirm por+eng', 'destroy', 'finish']);
  });

  test('warm() starts nothing for a language not installed (the reading names it) or with OCR off', async () => {
    const { b, log } = backend({ 1: 1700 }, { installed: ['eng'] });
    delete b.confirm;
    const reader = ocrReader(b, { lang: 'por+eng' });
    reader.warm!();
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual([]);
    expect(errorCode(await reader.read(new Uint8Array(), [1], {}).catch((x) => x))).toBe('ocr-language-missing');
    const off = backend({ 1: 1700 });
    delete off.b.confirm;
    ocrReader(off.b, { mode: 'never' }).warm!();
    await Promise.resolve();
    expect(off.log).toEqual([]);
  });

  test('never reads nothing and asks nothing', async () => {
    const { b, log } = backend({ 1: 1700 });
    expect(await ocrReader(b, { mode: 'never' }).read(new Uint8Array(), [1], {})).toEqual([]);
    expect(log).toEqual([]);
  });
});

describe('pages read on several Tesseracts at once (backend.parallel)', () => {
  /** Recognisers that hold each page until the test lets it go; the log says which one read which page. */
  function slowBackend(parallel: number) {
    const log: string[] = [];
    const held: (() => void)[] = [];
    let made = 0;
    const b: OcrBackend = {
      check: () => undefined,
      open: async () => ({ doc: { getPage: async () => fakePage(1700), destroy: async () => void log.push('destroy') }, OPS }),
      // The page's number drawn into its first pixel, for the recogniser to say which page it got.
      render: async (page) => ({ width: 40, height: 40, grey: new Uint8Array(1600).fill((page as unknown as { n: number }).n) }),
      parallel: () => parallel,
      start: async () => {
        const id = ++made;
        log.push(`start ${id}`);
        return {
          async recognize(image: Uint8Array) {
            // PGM: the header's 3 lines, then the pixels.
            const head = new TextDecoder().decode(image.subarray(0, 20)).split('\n').slice(0, 3).join('\n').length + 1;
            const n = image[head];
            log.push(`${id} reads ${n}`);
            await new Promise<void>((r) => held.push(r));
            const word = { text: `page${n}`, confidence: 90, bbox: { x0: 10, y0: 10, x1: 60, y1: 30 } };
            return { data: { blocks: [{ paragraphs: [{ lines: [{ words: [word], bbox: word.bbox, rowheight: 20 }] }] }] as never, rotateRadians: 0 } };
          },
          setParameters: async () => undefined,
          terminate: async () => void log.push(`end ${id}`),
        };
      },
    };
    // Pages that know their number (fakePage's are all alike).
    b.open = async () => ({ doc: { getPage: async (n: number) => Object.assign(fakePage(1700), { n }), destroy: async () => void log.push('destroy') }, OPS });
    return { b, log, held };
  }
  const until = async (what: () => boolean) => {
    for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 1));
    expect(what()).toBe(true);
  };

  test('a page drawn while every started one is busy starts another (up to the limit); the pages come back in order', async () => {
    const { b, log, held } = slowBackend(2);
    const reading = ocrReader(b).read(new Uint8Array(), [1, 2, 3], {});
    // Page 1 on the first; page 2, drawn while it reads, on a second one started for it.
    await until(() => log.includes('2 reads 2'));
    expect(log).toEqual(['start 1', '1 reads 1', 'start 2', '2 reads 2']);
    // Page 3 waits for whichever is free first (the limit is 2): the second here.
    held.splice(1, 1)[0]();
    await until(() => log.includes('2 reads 3'));
    for (const r of held.splice(0)) r();
    await until(() => held.length > 0 || log.includes('end 1'));
    for (const r of held.splice(0)) r();
    const pages = await reading;
    expect(pages.map((p) => [p.page, p.paragraphs[0].lines[0].words[0].text])).toEqual([[1, 'page1'], [2, 'page2'], [3, 'page3']]);
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start 1', 'start 2']);
    expect(log.slice(-3).sort()).toEqual(['destroy', 'end 1', 'end 2']);
  });

  test('a limit of one reads page after page on one', async () => {
    const { b, log, held } = slowBackend(1);
    const reading = ocrReader(b).read(new Uint8Array(), [1, 2], {});
    await until(() => log.includes('1 reads 1'));
    held.shift()!();
    await until(() => log.includes('1 reads 2'));
    held.shift()!();
    expect((await reading).map((p) => p.page)).toEqual([1, 2]);
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start 1']);
  });

  test('one failing page fails the reading, and every one started is let go', async () => {
    const { b, log, held } = slowBackend(2);
    const start = b.start;
    let first = true;
    b.start = async (codes, recognising) => {
      const w = await start(codes, recognising);
      if (!first) return w;
      first = false;
      // The first one's page fails once the test lets it go (a crashed engine).
      return {
        ...w,
        recognize: async (image) => {
          await w.recognize(image).catch(() => undefined);
          throw new Error('RuntimeError: memory access out of bounds');
        },
      };
    };
    let over = false;
    const settled = ocrReader(b).read(new Uint8Array(), [1, 2, 3, 4, 5], {}).catch((e: Error) => e).finally(() => (over = true));
    await until(() => log.includes('2 reads 2'));
    // Let every held page go until the reading ends (the second may have taken page 3 before page 1 failed).
    while (!over) {
      for (const r of held.splice(0)) r();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(String(await settled)).toContain('out of bounds');
    // No page is given out once one failed: page 1's failure stops the reading before its end.
    expect(log.filter((l) => / reads /.test(l)).length).toBeLessThan(5);
    expect(log).toContain('end 1');
    expect(log).toContain('end 2');
    expect(log.at(-1)).toBe('destroy');
  });
  test('a further one that cannot start (out of memory): the pages are read on the one running', async () => {
    const { b, log, held } = slowBackend(2);
    const start = b.start;
    let n = 0;
    b.start = async (codes, recognising) => {
      if (++n === 2) throw new Error('RuntimeError: Aborted(OOM)');
      return await start(codes, recognising);
    };
    let over = false;
    const reading = ocrReader(b)
      .read(new Uint8Array(), [1, 2, 3], {})
      .finally(() => (over = true));
    while (!over) {
      for (const r of held.splice(0)) r();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect((await reading).map((p) => [p.page, p.paragraphs[0].lines[0].words[0].text])).toEqual([[1, 'page1'], [2, 'page2'], [3, 'page3']]);
    // The second start was tried once (page 2 found the first busy), not again for page 3.
    expect(n).toBe(2);
    expect(log.filter((l) => / reads /.test(l))).toEqual(['1 reads 1', '1 reads 2', '1 reads 3']);
  });

  test('one started but refusing its first setting is let go, not left running', async () => {
    const { b, log, held } = slowBackend(1);
    const start = b.start;
    b.start = async (codes, recognising) => {
      const w = await start(codes, recognising);
      return { ...w, setParameters: async () => Promise.reject(new Error('RuntimeError: memory access out of bounds')) };
    };
    const e = await ocrReader(b)
      .read(new Uint8Array(), [1], {})
      .catch((x: Error) => x);
    expect(String(e)).toContain('out of bounds');
    expect(held).toHaveLength(0);
    expect(log).toContain('end 1');
  });
});

describe('one Tesseract lent to reading after reading (recogniserPool)', () => {
  afterEach(() => void vi.useRealTimers());

  /** A pool over a fake start: the log says what started and ended; `fail` makes the next start throw. */
  function pool(idleMs = 1000) {
    const log: string[] = [];
    let progress: ((f: number) => void) | null = null;
    let fail = false;
    const p = recogniserPool(async (codes, recognising) => {
      if (fail) {
        fail = false;
        throw new Error('model did not load');
      }
      log.push(`start ${codes.join('+')}`);
      progress = recognising;
      const worker: Recogniser = {
        recognize: async () => {
          progress!(0.5);
          return { data: { blocks: [], rotateRadians: 0 } };
        },
        setParameters: async () => undefined,
        terminate: async () => void log.push(`terminate ${codes.join('+')}`),
      };
      return { worker, dispose: async () => void log.push(`dispose ${codes.join('+')}`) };
    }, idleMs);
    return { p, log, failNext: () => (fail = true) };
  }

  test('readings in turn share one start; each gets its own progress; another language list starts its own', async () => {
    const { p, log } = pool();
    const seen: string[] = [];
    const a = await p.lend(['por', 'eng'], (f) => seen.push(`a ${f}`));
    await a.recognize(new Uint8Array());
    await a.terminate();
    const b = await p.lend(['por', 'eng'], (f) => seen.push(`b ${f}`));
    await b.recognize(new Uint8Array());
    await b.terminate();
    expect(log).toEqual(['start por+eng']);
    expect(seen).toEqual(['a 0.5', 'b 0.5']);
    const c = await p.lend(['eng'], () => undefined);
    await c.terminate();
    expect(log).toEqual(['start por+eng', 'terminate por+eng', 'dispose por+eng', 'start eng']);
    await p.close();
    expect(log.slice(-2)).toEqual(['terminate eng', 'dispose eng']);
  });

  test('lent to two at once: two started; handed back, both are lent again without a start', async () => {
    const { p, log } = pool();
    const [a, b] = await Promise.all([p.lend(['por'], () => undefined), p.lend(['por'], () => undefined)]);
    expect(log).toEqual(['start por', 'start por']);
    await a.terminate();
    await b.terminate();
    const [c, d] = await Promise.all([p.lend(['por'], () => undefined), p.lend(['por'], () => undefined)]);
    expect(log).toEqual(['start por', 'start por']);
    expect(p.size()).toBe(2);
    await c.terminate();
    await d.terminate();
    await p.close();
    expect(log.filter((l) => l.startsWith('terminate'))).toHaveLength(2);
  });

  test('handed back and unused for the idle time, it ends; lent again before that, it stays', async () => {
    vi.useFakeTimers();
    const { p, log } = pool(1000);
    await (await p.lend(['por'], () => undefined)).terminate();
    await vi.advanceTimersByTimeAsync(900);
    const again = await p.lend(['por'], () => undefined);
    await vi.advanceTimersByTimeAsync(5000);
    // Lent out: the idle clock stopped.
    expect(log).toEqual(['start por']);
    await again.terminate();
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual(['start por', 'terminate por', 'dispose por']);
    await (await p.lend(['por'], () => undefined)).terminate();
    expect(log.at(-1)).toBe('start por');
  });

  test('a Tesseract whose recognition failed is not lent again: handed back, it ends, and the next reading starts its own', async () => {
    const log: string[] = [];
    let calls = 0;
    const p = recogniserPool(async (codes) => {
      log.push(`start ${codes.join('+')}`);
      const worker: Recogniser = {
        // The first recognition fails (a crashed engine); a fresh one reads.
        recognize: async () => {
          if (calls++ === 0) throw new Error('RuntimeError: memory access out of bounds');
          return { data: { blocks: [], rotateRadians: 0 } };
        },
        setParameters: async () => undefined,
        terminate: async () => void log.push(`terminate ${codes.join('+')}`),
      };
      return { worker };
    }, 60_000);
    const a = await p.lend(['por'], () => undefined);
    await expect(a.recognize(new Uint8Array())).rejects.toThrow('out of bounds');
    await a.terminate();
    expect(log).toEqual(['start por', 'terminate por']);
    const b = await p.lend(['por'], () => undefined);
    await expect(b.recognize(new Uint8Array())).resolves.toBeDefined();
    await b.terminate();
    expect(log).toEqual(['start por', 'terminate por', 'start por']);
    await p.close();
  });

  test('a start that failed is not kept: the next reading starts again', async () => {
    const { p, log, failNext } = pool();
    failNext();
    await expect(p.lend(['por'], () => undefined)).rejects.toThrow('model did not load');
    await (await p.lend(['por'], () => undefined)).terminate();
    expect(log).toEqual(['start por']);
  });
});
