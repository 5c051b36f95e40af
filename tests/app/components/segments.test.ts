// The search view's highlighting pieces (pure functions, no browser): segments join back to the
// exact text, marks sit at the given offsets, snippets never cut an emoji in half, and document
// layers cover the text contiguously.
import { expect, test } from 'vitest';
import { highlight, layerPieces, snippet } from '../../../src/app/components/segments.ts';

const TEXT = 'Café ☕ e pão 🥖: o reembolso sai em 20 dias úteis.\r\nDepois, 🙂 acabou.';

test('highlight splits text into hit and non-hit runs that join back to the slice', () => {
  const a = TEXT.indexOf('reembolso');
  const b = TEXT.indexOf('dias');
  const segs = highlight(TEXT, [
    { start: b, end: b + 4 },
    { start: a, end: a + 9 },
    { start: a + 2, end: a + 5 }, // overlaps the first: merged
  ]);
  expect(segs.map((s) => s.text).join('')).toBe(TEXT);
  expect(segs.filter((s) => s.hit).map((s) => s.text)).toEqual(['reembolso', 'dias']);
  const part = highlight(TEXT, [{ start: a, end: a + 9 }], a - 3, a + 12);
  expect(part.map((s) => s.text).join('')).toBe(TEXT.slice(a - 3, a + 12));
});

test('snippet windows around the first hit and never splits a surrogate pair', () => {
  const long = 'x'.repeat(300) + ' 🥖 ' + 'palavra alvo ' + 'y'.repeat(300);
  const at = long.indexOf('alvo');
  const sn = snippet(long, 0, long.length, [{ start: at, end: at + 4 }], 60);
  expect(sn.before).toBe(true);
  expect(sn.after).toBe(true);
  const text = sn.segments.map((s) => s.text).join('');
  expect(long.includes(text)).toBe(true);
  expect(sn.segments.find((s) => s.hit)?.text).toBe('alvo');
  for (let cut = 0; cut < 70; cut++) {
    const w = snippet(long, 280 + cut % 40, long.length, [], 25);
    const t = w.segments.map((s) => s.text).join('');
    // A lone surrogate at either end would mean an emoji was cut.
    expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(t)).toBe(false);
  }
  const short = snippet(TEXT, 0, TEXT.length, [], 500);
  expect(short.before || short.after).toBe(false);
});

test('layer pieces cover the document contiguously and name the layers over each piece', () => {
  const g = { start: TEXT.indexOf('reembolso'), end: TEXT.indexOf('úteis') + 5 };
  const h = { start: TEXT.indexOf('dias'), end: TEXT.indexOf('dias') + 4 };
  const pieces = layerPieces(TEXT.length, [
    { name: 'gold', spans: [g] },
    { name: 'hit', spans: [h] },
  ]);
  let at = 0;
  for (const p of pieces) {
    expect(p.start).toBe(at);
    at = p.end;
  }
  expect(at).toBe(TEXT.length);
  const gold = pieces.filter((p) => p.layers.includes('gold')).map((p) => TEXT.slice(p.start, p.end)).join('');
  expect(gold).toBe(TEXT.slice(g.start, g.end));
  const both = pieces.filter((p) => p.layers.includes('gold') && p.layers.includes('hit'));
  expect(both.map((p) => TEXT.slice(p.start, p.end))).toEqual(['dias']);
});
