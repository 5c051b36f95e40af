// The import's OCR progress (src/app/documents/ocr-progress.ts): the per-page bars, the time left from
// the pace so far, the page lists and the language choices the preview shows.
import { describe, expect, test } from 'vitest';
import { languageChoices, nextOcr, ocrBars, ocrSecondsLeft, pageList, type OcrRun } from '../../../src/app/documents/ocr-progress.ts';

describe('OCR progress in the import', () => {
  test('reports build the run: pages in the order met, recognition timed from its first report', () => {
    let r = nextOcr(undefined, { done: 0, total: 3, page: 2, fraction: 0, stage: 'loading' }, 1000);
    expect(r).toEqual({ stage: 'loading', total: 3, done: 0, page: 2, fraction: 0, pages: [2] });
    r = nextOcr(r, { done: 0, total: 3, page: 2, fraction: 0.5, stage: 'reading' }, 5000);
    expect(r.startedAt).toBe(5000);
    r = nextOcr(r, { done: 1, total: 3, page: 2, fraction: 1, stage: 'reading' }, 9000);
    r = nextOcr(r, { done: 1, total: 3, page: 4, fraction: 0.25, stage: 'reading' }, 10_000);
    expect(r.pages).toEqual([2, 4]);
    expect(r.startedAt).toBe(5000);
    // One bar per page: the done one full, the current one at its fraction, the third waiting and unnamed.
    expect(ocrBars(r)).toEqual([
      { page: 2, value: 1 },
      { page: 4, value: 0.25 },
      { page: null, value: 0 },
    ]);
  });

  test('time left: the pace so far over what remains; none before recognition or a tenth of it', () => {
    const base: OcrRun = { stage: 'reading', total: 4, done: 1, page: 2, fraction: 0, pages: [1, 2], startedAt: 0 };
    // 1 page in 10 s, 3 to go.
    expect(ocrSecondsLeft(base, 10_000)).toBe(30);
    expect(ocrSecondsLeft({ ...base, done: 2, fraction: 0.5 }, 25_000)).toBe(15);
    expect(ocrSecondsLeft({ ...base, startedAt: undefined }, 10_000)).toBeNull();
    expect(ocrSecondsLeft({ ...base, done: 0, fraction: 0.05 }, 10_000)).toBeNull();
    expect(ocrSecondsLeft({ ...base, done: 4, fraction: 0 }, 10_000)).toBe(0);
  });

  test('page lists run consecutive pages together', () => {
    expect(pageList([5, 1, 2, 3, 7, 8])).toBe('1–3, 5, 7–8');
    expect(pageList([2])).toBe('2');
    expect(pageList([])).toBe('');
  });

  test('language choices: por+eng first when both are installed, each installed one, a stored choice kept visible', () => {
    expect(languageChoices(['eng', 'por'], 'por+eng')).toEqual(['por+eng', 'eng', 'por']);
    expect(languageChoices(['eng'], 'eng')).toEqual(['eng']);
    expect(languageChoices(['eng', 'por'], 'deu')).toEqual(['por+eng', 'eng', 'por', 'deu']);
  });
});
