// Horizontal ruling lines taken off a page image before OCR (src/engine/documents/ocr/rules.ts), on
// drawn images: a ruled table's horizontal borders go, its vertical ones and the letters inside and
// across them stay; a row of text with thin strokes (tops of round letters, close together) is not a
// rule; a rule turned a little is found.
import { describe, expect, test } from 'vitest';
import { removeRules } from '../../../src/engine/documents/ocr/rules.ts';

const W = 600;
const H = 400;
const DPI = 200;
const white = () => new Uint8Array(W * H).fill(255);
const fill = (g: Uint8Array, x0: number, y0: number, x1: number, y1: number, v = 0) => {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) g[y * W + x] = v;
};
const darkIn = (g: Uint8Array, x0: number, y0: number, x1: number, y1: number) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (g[y * W + x] < 128) n++;
  return n;
};

describe('removeRules', () => {
  test("a ruled table's horizontal borders go; its vertical ones, a letter-sized block inside a cell and a stem crossing a rule stay", () => {
    const g = white();
    // Borders 2 px thick: rows at y 100, 160, 220; columns at x 50, 300, 550.
    for (const y of [100, 160, 220]) fill(g, 50, y, 552, y + 2);
    for (const x of [50, 300, 550]) fill(g, x, 100, x + 2, 222);
    // A "letter" in a cell (thick enough and short), and a stem 6 px wide crossing the middle rule.
    fill(g, 100, 120, 112, 150);
    fill(g, 400, 140, 406, 180);
    const r = removeRules(g, W, H, DPI, 127);
    expect(r.rows).toBeGreaterThan(0);
    // The horizontal borders are white but where a vertical one crosses them; the vertical ones whole.
    expect(darkIn(g, 50, 100, 552, 102)).toBe(3 * 4);
    expect(darkIn(g, 50, 220, 552, 222)).toBe(3 * 4);
    expect(darkIn(g, 300, 100, 302, 222)).toBe(2 * 122);
    expect(darkIn(g, 0, 0, W, H)).toBe(3 * 2 * 122 + 12 * 30 + 6 * 40);
    // The letter is whole; the stem keeps every pixel (thick across the rule where it crosses).
    expect(darkIn(g, 100, 120, 112, 150)).toBe(12 * 30);
    expect(darkIn(g, 400, 140, 406, 180)).toBe(6 * 40);
  });

  test('a line of text whose thin strokes sit close together is not a rule', () => {
    const g = white();
    // 40 "letters" 8 px apart: each a ring 14 px wide with 2 px strokes (thin tops and bottoms, thin sides).
    for (let i = 0; i < 40; i++) {
      const x = 20 + i * 14;
      fill(g, x, 200, x + 12, 202);
      fill(g, x, 214, x + 12, 216);
      fill(g, x, 200, x + 2, 216);
      fill(g, x + 10, 200, x + 12, 216);
    }
    const before = darkIn(g, 0, 0, W, H);
    const r = removeRules(g, W, H, DPI, 127);
    expect(r.pixels).toBe(0);
    expect(darkIn(g, 0, 0, W, H)).toBe(before);
  });

  test('a rule turned about a degree (a scan put in askew) is still found and taken off', () => {
    const g = white();
    for (let x = 40; x < 560; x++) {
      const y = 300 - Math.round((x - 40) * Math.tan((1.2 * Math.PI) / 180));
      fill(g, x, y, x + 1, y + 2);
    }
    const r = removeRules(g, W, H, DPI, 127);
    expect(r.pixels).toBeGreaterThan(900);
    expect(darkIn(g, 0, 0, W, H)).toBeLessThan(50);
  });

  test('a short dash or a thick black box is left alone', () => {
    const g = white();
    fill(g, 100, 50, 160, 52); // 60 px: shorter than half an inch at 200 dpi
    fill(g, 200, 250, 500, 300); // a filled box: thick everywhere
    const before = darkIn(g, 0, 0, W, H);
    expect(removeRules(g, W, H, DPI, 127).pixels).toBe(0);
    expect(darkIn(g, 0, 0, W, H)).toBe(before);
  });

  test('a dashed rule alone on its rows (8 px of ink, 2 px bridged) just over half an inch long is taken off', () => {
    // 110 px at 200 dpi (the least is 100), 88 of them inked, nothing else on those rows: a row needs 80%
    // of a rule's places inked, so fewer inked pixels than its length alone does not rule a row out.
    const g = white();
    for (let x = 100; x < 210; x++) if ((x - 100) % 10 < 8) fill(g, x, 300, x + 1, 301);
    const r = removeRules(g, W, H, DPI, 127);
    expect(r.pixels).toBe(88);
    expect(darkIn(g, 0, 0, W, H)).toBe(0);
  });
});
