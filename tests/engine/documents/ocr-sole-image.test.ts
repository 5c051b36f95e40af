// A scanned page taken straight from its one decoded image (src/engine/documents/ocr/sole-image.ts):
// which operator lists are a page of one image, and when the image already is the page drawn at the
// reader's scale (upright, over the whole page, one image pixel per drawn pixel). Anything else is
// left to the adapter's drawing. The grey values are checked against the formula worked by hand.
import { describe, expect, test } from 'vitest';
import { gridGrey, soleImage } from '../../../src/engine/documents/ocr/sole-image.ts';

const OPS = { save: 10, restore: 11, transform: 12, dependency: 1, paintImageXObject: 85, showText: 44 };
const ops = (list: [number, unknown[]][]) => ({ fnArray: list.map((x) => x[0]), argsArray: list.map((x) => x[1]) });

/** What pdf.js's operator list holds for a scanner's page: the image drawn over a 612 × 792 pt page. */
const scanOps = (extra: [number, unknown[]][] = []) =>
  ops([
    [OPS.save, []],
    [OPS.transform, [1, 0, 0, 1, 0, 0]],
    [OPS.transform, [612, 0, 0, 792, 0, 0]],
    [OPS.dependency, ['img_p1_1']],
    [OPS.paintImageXObject, ['img_p1_1', 1700, 2200]],
    [OPS.restore, []],
    ...extra,
  ]);

describe('a page of one image', () => {
  test('found with the matrix it is drawn with (transforms multiplied, restore undoes)', () => {
    expect(soleImage(scanOps(), OPS)).toEqual({ id: 'img_p1_1', width: 1700, height: 2200, matrix: [612, 0, 0, 792, 0, 0] });
    // cm [2 0 0 2 10 20] then cm [100 0 0 50 1 1]: the second is applied inside the first.
    const nested = ops([
      [OPS.transform, [2, 0, 0, 2, 10, 20]],
      [OPS.save, []],
      [OPS.transform, [100, 0, 0, 50, 1, 1]],
      [OPS.paintImageXObject, ['img', 10, 10]],
      [OPS.restore, []],
    ]);
    expect(soleImage(nested, OPS)?.matrix).toEqual([200, 0, 0, 100, 12, 22]);
  });

  test('not one image: text drawn too, a second image, no image, or operator codes unknown', () => {
    expect(soleImage(scanOps([[OPS.showText, [[]]]]), OPS)).toBeNull();
    expect(soleImage(scanOps([[OPS.paintImageXObject, ['img_p1_2', 10, 10]]]), OPS)).toBeNull();
    expect(soleImage(ops([[OPS.save, []], [OPS.restore, []]]), OPS)).toBeNull();
    expect(soleImage(scanOps(), { paintImageXObject: 85 })).toBeNull();
  });
});

describe('the decoded image as the drawn page', () => {
  const view = [0, 0, 612, 792];
  const scale = 200 / 72;
  // A 1700 × 2200 RGB image: pure red, green, blue, white in its first four pixels, the rest black.
  const rgb = new Uint8ClampedArray(1700 * 2200 * 3);
  rgb.set([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]);
  const image = { width: 1700, height: 2200, kind: 2, data: rgb };
  const m = [612, 0, 0, 792, 0, 0];

  test('RGB: grey = (77 R + 150 G + 29 B) / 256, the drawn page size', () => {
    const g = gridGrey(image, m, view, scale)!;
    expect([g.width, g.height]).toEqual([1700, 2200]);
    // 77·255 >> 8 = 76; 150·255 >> 8 = 149; 29·255 >> 8 = 28; white 256·255 >> 8 = 255.
    expect([...g.grey.subarray(0, 5)]).toEqual([76, 149, 28, 255, 0]);
  });

  test('1 bit a pixel, rows padded to a byte, 1 = white', () => {
    // 10 × 2 pixels at 72 dpi over a 10 × 2 pt page: row bytes 0b10100000 0b01000000, then 0b11111111 0b11000000.
    const bits = { width: 10, height: 2, kind: 1, data: new Uint8Array([0b10100000, 0b01000000, 0xff, 0b11000000]) };
    const g = gridGrey(bits, [10, 0, 0, 2, 0, 0], [0, 0, 10, 2], 1)!;
    expect([...g.grey]).toEqual([255, 0, 255, 0, 0, 0, 0, 0, 0, 255, ...Array(10).fill(255)]);
  });

  test('enlarged up to 4/3 (150 dpi read at 200): smoothed between neighbours, edges held; further, left to drawing', () => {
    // 3 × 3 pixels over a 3 × 3 pt page drawn at 4/3: 4 × 4. Left column black, the rest white.
    const px = [0, 255, 255, 0, 255, 255, 0, 255, 255];
    const small = { width: 3, height: 3, kind: 2, data: new Uint8Array(px.flatMap((v) => [v, v, v])) };
    const g = gridGrey(small, [3, 0, 0, 3, 0, 0], [0, 0, 3, 3], 4 / 3)!;
    expect([g.width, g.height]).toEqual([4, 4]);
    for (let y = 0; y < 4; y++) {
      const row = [...g.grey.subarray(y * 4, y * 4 + 4)];
      // Drawn pixel x's centre falls at image x (x + 0.5) · 3/4 − 0.5: pixel 0 at −0.125, held at the black
      // edge; pixel 1 at 0.625, 5/8 of the way from black to white; pixels 2 and 3 between whites.
      expect(row).toEqual([0, Math.round(0.625 * 255), 255, 255]);
    }
    // A constant image stays constant whatever the weights.
    const flat = { width: 3, height: 3, kind: 2, data: new Uint8Array(27).fill(90) };
    expect(new Set(gridGrey(flat, [3, 0, 0, 3, 0, 0], [0, 0, 3, 3], 4 / 3)!.grey)).toEqual(new Set([(90 * 256) >> 8]));
    // Twice as large (a 100 dpi scan read at 200): pdf.js draws it unsmoothed, so it is drawn.
    expect(gridGrey(small, [3, 0, 0, 3, 0, 0], [0, 0, 3, 3], 2)).toBeNull();
  });

  test('left to drawing: another scale, moved, turned, flipped, not covering the page, see-through, unknown kind', () => {
    // Made smaller (pdf.js's own way of shrinking): drawn.
    expect(gridGrey(image, m, view, 150 / 72)).toBeNull();
    expect(gridGrey(image, [612, 0, 0, 792, 1, 0], view, scale)).toBeNull();
    expect(gridGrey(image, [0, 792, -612, 0, 612, 0], view, scale)).toBeNull();
    expect(gridGrey(image, [612, 0, 0, -792, 0, 792], view, scale)).toBeNull();
    expect(gridGrey(image, [600, 0, 0, 792, 0, 0], view, scale)).toBeNull();
    const rgba = new Uint8ClampedArray(1700 * 2200 * 4).fill(255);
    expect(gridGrey({ width: 1700, height: 2200, kind: 3, data: rgba }, m, view, scale)?.grey[0]).toBe(255);
    rgba[3] = 128;
    expect(gridGrey({ width: 1700, height: 2200, kind: 3, data: rgba }, m, view, scale)).toBeNull();
    expect(gridGrey({ ...image, kind: 9 }, m, view, scale)).toBeNull();
    expect(gridGrey({ width: 1700, height: 2200, kind: 2 }, m, view, scale)).toBeNull();
  });
});
