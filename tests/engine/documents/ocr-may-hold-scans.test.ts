// mayHoldScans (src/engine/documents/ocr/pages.ts): whether a PDF's bytes hold an image XObject the
// size of a scanned page, read before pdf.js opens the file to start Tesseract early. Which
// dictionaries count, and bytes made to be slow (review R5-3): its searches for a dictionary's ends ran
// on to the file's ends, so 1 MB of "/Subtype /Image " took ~10 s of CPU and 10 MB would take ~20
// minutes. The work is counted, not timed: the characters its string searches pass over, at n and 4n
// bytes (linear: about 4x; the unbounded searches: about 16x).
import { describe, expect, test } from 'vitest';
import { mayHoldScans } from '../../../src/engine/documents/ocr/pages.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

/**
 * Runs `fn` and returns how many characters String's indexOf and lastIndexOf passed over while it ran
 * (from where each started to where it found its string, or to the end); restored after.
 */
function searched(fn: () => void): number {
  const { indexOf, lastIndexOf } = String.prototype;
  let work = 0;
  String.prototype.indexOf = function (this: string, s: string, from?: number) {
    const start = Math.max(0, Math.min(this.length, from ?? 0));
    const r = indexOf.call(this, s, start);
    work += (r < 0 ? this.length : r + s.length) - start;
    return r;
  };
  String.prototype.lastIndexOf = function (this: string, s: string, from?: number) {
    const start = Math.max(0, Math.min(this.length, from ?? this.length));
    const r = lastIndexOf.call(this, s, start);
    work += start - (r < 0 ? 0 : r);
    return r;
  };
  try {
    fn();
  } finally {
    String.prototype.indexOf = indexOf;
    String.prototype.lastIndexOf = lastIndexOf;
  }
  return work;
}

/** An image XObject of w × h pixels, its /Width and /Height where `dict` puts them. */
const image = (dict: string) => `%PDF-1.7\n5 0 obj\n<< /Type /XObject ${dict} /BitsPerComponent 8 /Length 3 >>\nstream\nabc\nendstream\nendobj\n`;

describe('mayHoldScans', () => {
  test('an image of a scanned page: found whichever side of /Subtype its size is written', () => {
    expect(mayHoldScans(bytes(image('/Subtype /Image /Width 1700 /Height 2200')))).toBe(true);
    expect(mayHoldScans(bytes(image('/Width 1700 /Height 2200 /Subtype/Image')))).toBe(true);
    // 548 × 548 = 300,304 pixels: just over a letter page at 60 dpi (300,000).
    expect(mayHoldScans(bytes(image('/Subtype /Image /Width 548 /Height 548')))).toBe(true);
  });

  test('not one: a logo, a size given by reference, no image, or the size of another object', () => {
    expect(mayHoldScans(bytes(image('/Subtype /Image /Width 200 /Height 100')))).toBe(false);
    expect(mayHoldScans(bytes(image('/Subtype /Image /Width 547 /Height 548')))).toBe(false);
    expect(mayHoldScans(bytes(image('/Subtype /Image /Width 12 0 R /Height 13 0 R')))).toBe(false);
    expect(mayHoldScans(bytes(image('/Subtype /Form /Width 1700 /Height 2200')))).toBe(false);
    // A large image's size in the object before, past its stream: not this image's.
    const before = `4 0 obj\n<< /Width 1700 /Height 2200 /Length 1 >>\nstream\nx\nendstream\nendobj\n`;
    expect(mayHoldScans(bytes(before + image('/Subtype /Image /Width 20 /Height 20')))).toBe(false);
  });

  test('an image after 3 kB of other objects is found; one whose dictionary is cut off is not', () => {
    const filler = '9 0 obj\n<< /Type /Font >>\nendobj\n'.repeat(100);
    expect(mayHoldScans(bytes(filler + image('/Subtype /Image /Width 1700 /Height 2200') + filler))).toBe(true);
    expect(mayHoldScans(bytes('/Subtype /Image '))).toBe(false);
  });

  test('bytes made of image subtypes with no object or stream around them: linear work, nothing found', () => {
    for (const unit of ['/Subtype /Image ', '/Subtype /Image stream ', 'obj /Subtype/Image /Width 9 /Height 9 stream\n']) {
      const at = (n: number) => {
        const input = bytes(unit.repeat(Math.ceil(n / unit.length)));
        let found: boolean | undefined;
        const work = searched(() => void (found = mayHoldScans(input)));
        expect(found, unit).toBe(false);
        return work;
      };
      const [small, large] = [at(100_000), at(400_000)];
      expect(small).toBeGreaterThan(0);
      expect(large / small, `${unit}: ${small} characters searched at 100 kB, ${large} at 400 kB`).toBeLessThan(5);
    }
  });
});
