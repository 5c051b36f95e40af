// Text of other scripts (issue 20 item 3): right-to-left words drawn with ligature glyphs, brackets
// of right-to-left lines, NFKC after the bidi step, CJK fonts with predefined CMaps, letter-spaced
// CJK, CJK fonts that are fixed-pitch. Generated: tests/fixtures/documents/rtl-shaped.pdf
// (scripts/pdf-cases-scripts.ts). Real: tests/fixtures/documents/scripts (see its NOTICE).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { fixGlyphOrder, glyphStreamOf } from '../../../src/engine/documents/pdf/read/glyph-order.ts';
import { closeCjkSpacing, mirrorBrackets } from '../../../src/engine/documents/pdf/lines/scripts.ts';
import { rowsOf, rowText, toItem, type Item } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import { uprightVertical } from '../../../src/engine/documents/pdf/read/vertical.ts';
import { foldRadicals } from '../../../src/engine/documents/pdf/read/radicals.ts';
import { layoutBlocks } from '../../../src/engine/documents/pdf/blocks/blocks.ts';
import { Vocab } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import { renderBlocks } from '../../../src/engine/documents/pdf/markdown/render.ts';
import type { Row } from '../../../src/engine/documents/pdf/types.ts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SHAPED_LINES } from '../../../scripts/pdf-cases-scripts.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const read = (path: string) => pdfToMarkdown(readFileSync(path), loadPdfjs, pdfjsOptions);
const FIX = 'tests/fixtures/documents/scripts/';

/** What pdf.js's own text content holds, its items joined by a space (no reordering of ours). */
async function pdfjsText(path: string, opts: object = {}): Promise<string> {
  const pdfjs = (await loadPdfjs()) as unknown as { getDocument(o: object): { promise: Promise<any> } };
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(path)), verbosity: 0, ...pdfjsOptions.documentOptions, ...opts }).promise;
  const tc = await (await doc.getPage(1)).getTextContent({ disableNormalization: true });
  await doc.destroy();
  return tc.items.map((i: { str?: string }) => i.str ?? '').join(' ');
}

describe('glyph order of right-to-left words', () => {
  // A page drawing three glyphs per word in visual order; pdf.js reverses the joined characters.
  const SHOW = 44;
  const opsOf = (glyphs: string[]) => ({ fnArray: [SHOW], argsArray: [[glyphs.map((unicode) => ({ unicode, width: 500 }))]] });
  const pdfjsBidi = (visual: string) => [...visual].reverse().join('');

  test('a ligature glyph keeps its letters in logical order; two single glyphs that read alike are left alone', () => {
    // Logical word "الأصوات": glyphs ا, لأ (one ligature glyph), ص, و, ا, ت; drawn from the left.
    const logical = ['ا', 'لأ', 'ص', 'و', 'ا', 'ت'];
    // The article of "السوق" with two separate glyphs: ا, ل, س, و, ق.
    const article = ['ا', 'ل', 'س', 'و', 'ق'];
    const visual = [...article].reverse().concat([...logical].reverse());
    const stream = glyphStreamOf(opsOf(visual), SHOW)!;
    expect(stream).not.toBeNull();
    // pdf.js's item: the whole visual run reversed character by character.
    const item = { str: pdfjsBidi(visual.join('')), dir: 'rtl' };
    expect(item.str).toBe('األصوات السوق'.replace(' ', '')); // the defect: lam and hamza-alef swapped
    const [fixed] = fixGlyphOrder([item], stream);
    expect(fixed).toBe(logical.join('') + article.join(''));
  });

  test('no glyph with several right-to-left letters: nothing to do (no operator list work)', () => {
    expect(glyphStreamOf(opsOf(['ا', 'ل', 'fi']), SHOW)).toBeNull();
  });

  test('words of an item are found in drawing order, a left-to-right run in between stays', () => {
    const w1 = ['لا']; // lam-alef alone
    const w2 = ['م', 'لم', 'ا']; // "ملما" drawn reversed
    const visual = [...w2].reverse().concat([' ', '2', '0', ' '], [...w1].reverse());
    const stream = glyphStreamOf(opsOf(visual), SHOW)!;
    // pdf.js: logical order is w1, " 20 ", w2, the number kept left to right.
    const drawn = (w: string[]) => [...w].reverse().join('');
    const item = { str: pdfjsBidi(drawn(w1)) + ' 20 ' + pdfjsBidi(drawn(w2)), dir: 'rtl' };
    expect(item.str.slice(0, 3)).toBe('ال '); // the defect: lam-alef's letters reversed
    expect(fixGlyphOrder([item, { str: 'abc', dir: 'ltr' }], stream)).toEqual([w1.join('') + ' 20 ' + w2.join(''), 'abc']);
  });

  test('the search is bounded: once its budget is spent, words stay as pdf.js gave them', () => {
    // Two items, each one ligature word; many words missing from the glyphs between them.
    const word = ['م', 'لم', 'ا'];
    const drawn = [...word].reverse();
    const stream = glyphStreamOf(opsOf([...drawn, ...drawn]), SHOW)!;
    const item = { str: pdfjsBidi(drawn.join('')), dir: 'rtl' };
    const missing = Array.from({ length: 50 }, () => ({ str: 'صصص', dir: 'rtl' }));
    const items = [item, ...missing, item];
    const fixedWord = word.join('');
    // With the default budget both are rebuilt; with a budget the missing words use up, only the first.
    expect(fixGlyphOrder(items, stream)).toEqual([fixedWord, ...missing.map((m) => m.str), fixedWord]);
    const small = fixGlyphOrder(items, stream, 20 * stream.text.length);
    expect([small[0], small[small.length - 1]]).toEqual([fixedWord, item.str]);
  });

  test('a generated PDF with shaped Arabic (lam-alef, lam-hamza) and Hebrew brackets drawn by shape reads in logical order', async () => {
    const path = 'tests/fixtures/documents/rtl-shaped.pdf';
    const raw = await pdfjsText(path);
    // pdf.js alone: the ligatures' letters reversed, the brackets facing the wrong way.
    expect(raw).toContain('األصوات');
    expect(raw).toContain('إال');
    expect(raw).toContain(')ללא');
    const r = await read(path);
    expect(r.markdown.trim().split('\n\n')).toEqual(SHAPED_LINES.map((l) => l.logical));
  });
});

describe('normalisation after the bidi step', () => {
  test('a ligature in presentation form (lam-khah U+FCCB) expands in logical order', async () => {
    const r = await read(`${FIX}pdfjs_ArabicCIDTrueType.pdf`);
    const lamKhah = '\uFCCB'.normalize('NFKC');
    expect(lamKhah).toBe('لخ');
    const word = `ا${lamKhah}طوط`; // "الخطوط", the letters as Unicode's decomposition gives them
    expect(r.markdown.split(word).length - 1).toBe(4);
    expect(r.markdown).not.toContain('اخلطوط');
    expect(r.markdown).not.toMatch(/[\uFB50-\uFDFF\uFE70-\uFEFF]/);
  });
});

describe('right-to-left brackets and rows without letters', () => {
  test('mirrorBrackets swaps a pair only when it nests once swapped', () => {
    expect(mirrorBrackets(')ללא יהלומים(')).toBe('(ללא יהלומים)');
    expect(mirrorBrackets('סעיף 15(ב)(4)')).toBe('סעיף 15(ב)(4)');
    expect(mirrorBrackets('a ) b')).toBe('a ) b'); // unbalanced either way: left as drawn
    expect(mirrorBrackets(']x[ (y)')).toBe('[x] (y)');
  });

  test('a real Hebrew table: brackets face their phrase, the row of years follows the right-to-left rows', async () => {
    const r = await read(`${FIX}tabula_indictb1h_14.pdf`);
    expect(r.markdown).toContain('תעשייה (ללא יהלומים)');
    expect(r.markdown).not.toContain(')ללא');
    // The years drawn 2014 … 2009 from the left read from the right, as the columns of the figures do.
    expect(r.markdown).toMatch(/2009 2010 2011 2012 2013 2014/);
    // Each table row: the label, then the figures from the right column to the left one.
    expect(r.markdown).toMatch(/\| סך הכל \| 1\.9 \| 5\.8 \| 4\.2 \| 3\.0 \| 3\.2 \| 2\.6 \|/);
  });
});

describe('CJK', () => {
  test('a font with a predefined CMap (GBK-EUC-H) is decoded: pdf.js needs its CMaps', async () => {
    const path = `${FIX}pdfjs_XiaoBiaoSong.pdf`;
    const without = await pdfjsText(path, { cMapUrl: undefined, cMapPacked: undefined });
    expect(without).not.toMatch(/\p{Script=Han}/u);
    const r = await read(path);
    expect(r.markdown).toContain('关于红军作战的原则');
    expect(r.markdown).toContain('（一九三七年八月一日）');
    // The title drawn as two characters two ems apart.
    expect(r.markdown).toMatch(/^目录$/m);
  });

  test('CJK radicals drawn for ideographs are read as the ideographs (Chromium print, Noto Sans CJK SC)', async () => {
    const path = `${FIX}chromium-radicals-zh.pdf`;
    // pdf.js alone gives the radicals: Kangxi "⼈" U+2F08, "⼯" U+2F2F, supplement "⺠" U+2EA0, "⻓" U+2ED3.
    expect(await pdfjsText(path)).toMatch(/⼈\s*⺠[\s\S]*⻓\s*江\s*⼯/u);
    const r = await read(path);
    expect(r.markdown).not.toMatch(/[\u2E80-\u2EFF\u2F00-\u2FDF]/u);
    // Unicode's equivalent ideographs, written out here (not computed by NFKC, which leaves the supplement's alone).
    expect(r.markdown).toMatch(/^# 客\u6236与人民$/mu);
    expect(r.markdown).toContain('长江工作组每月一日开会，门口的车和飞机都在。');
    expect(r.markdown).toMatch(/^\| 人民 \| 二月 \|$/mu);
  });

  test('foldRadicals: Kangxi and supplement radicals to their ideographs; none where Unicode names none', () => {
    expect(foldRadicals('⼈⺠ ⻓江 ⻔⼝ ⻋ ⻜机 ⺟')).toBe('人民 长江 门口 车 飞机 母');
    expect(foldRadicals('⺇ ⻊')).toBe('\u{20628} \u{27FB7}');
    // U+2E80 has no equivalent ideograph; U+2FF0 (an ideographic description character) is no radical.
    expect(foldRadicals('\u2E80\u2FF0')).toBe('\u2E80\u2FF0');
    expect(foldRadicals('plain text')).toBe('plain text');
  });

  test('letter-spaced Chinese is closed up', async () => {
    const r = await read(`${FIX}pdfjs_SimFang-variant.pdf`);
    expect(r.markdown).toContain('全世界无产者，联合起来');
  });

  test('closeCjkSpacing: only runs spaced alike, never Hangul or a single space between words', () => {
    expect(closeCjkSpacing('全 世 界 无 产 者，')).toBe('全世界无产者，');
    expect(closeCjkSpacing('目   录')).toBe('目录');
    expect(closeCjkSpacing('东京 大阪')).toBe('东京 大阪');
    expect(closeCjkSpacing('서울 부산 대구 광주')).toBe('서울 부산 대구 광주');
    expect(closeCjkSpacing('a b c')).toBe('a b c');
  });

  const item = (s: string, x: number, mono: boolean): Item => toItem({ str: s, transform: [10, 0, 0, 10, x, 700], width: 10 * s.length, height: 10, fontName: 'f' }, mono, false)!;

  test('a fixed-pitch CJK font is not code; a fixed-pitch Latin one still is', () => {
    expect(item('漏電遮断機構', 0, true).mono).toBe(false);
    expect(item('한국어 보고서', 0, true).mono).toBe(false);
    expect(item('const x = 1;', 0, true).mono).toBe(true);
  });

  test('Korean words keep the spaces the document draws and get no others; CJK runs get none', () => {
    // Hangul syllables drawn one item each, a word space (0.3 em) between words only.
    const syl = (w: string, x: number) => [...w].map((c, i) => item(c, x + 10 * i, false));
    const ko = [...syl('한국', 0), ...syl('보고서', 23)];
    expect(rowText(rowsOf(ko, 1)[0])).toBe('한국 보고서');
    // Japanese drawn character by character with a little tracking (0.2 em): no spaces at all.
    const ja = [...'電線関係'].map((c, i) => item(c, 12 * i, false));
    expect(rowText(rowsOf(ja, 1)[0])).toBe('電線関係');
  });

  test('vertical columns (tategaki) read top to bottom, the rightmost column first', async () => {
    // Synthetic: two columns, each drawn in two pieces, the left column first in the stream.
    const v = (s: string, x: number, top: number) => toItem({ str: s, transform: [10, 0, 0, 10, x, top], width: 10, height: 10 * s.length, fontName: 'f', dir: 'ttb' }, false, false)!;
    const items = [v('日本', 100, 700), v('語', 100, 680), v('縦書', 120, 700), v('き', 120, 680)];
    const rows = rowsOf(uprightVertical(items), 1);
    expect(rows.map(rowText)).toEqual(['縦書き', '日本語']);
    // A real PDF: pdf.js's vertical.pdf, its right column "あいうえお", then "日本語".
    const r = await read(`${FIX}pdfjs_vertical.pdf`);
    expect(r.markdown.trim().split('\n\n')).toEqual(['あいうえお', '日本語']);
  });

  test('glyph-by-glyph text with tracking: spaces only where the gap is wider than the letters\' usual one', () => {
    // Justified Korean: every syllable placed alone, 0.5 em between syllables, 0.85 em between words.
    const place = (words: string[], track: number, space: number, w = 10) => {
      const out: Item[] = [];
      let x = 0;
      for (const [k, word] of words.entries()) {
        if (k) x += (space - track) * 10;
        for (const c of word) {
          out.push(item(c, x, false));
          out[out.length - 1].w = w;
          x += w + track * 10;
        }
      }
      return out;
    };
    const ko = ['세계경제는', '고금리', '및', '고물가', '지속'];
    expect(rowText(rowsOf(place(ko, 0.5, 0.85), 1)[0])).toBe(ko.join(' '));
    // Not tracked (letters touch): the word gap alone makes the space, as before.
    expect(rowText(rowsOf(place(ko, 0, 0.3), 1)[0])).toBe(ko.join(' '));
    // A letter-spaced Latin title.
    expect(rowText(rowsOf(place(['TITLE', 'PAGE'], 0.4, 1.0, 6), 1)[0])).toBe('TITLE PAGE');
  });
});

describe('Korean list markers', () => {
  test('circled numbers, Hangul letters and Korean bullets open list items instead of gluing to the paragraph above', () => {
    const lines = ['추진 배경은 다음과 같다.', '① 인구 구조의 변화', '② 디지털 전환의 가속', '가. 세부 과제를 정한다', '나. 예산을 배정한다', 'ㅇ 관계 부처와 협의', '(가) 지역별 설명회 개최'];
    const rows: Row[] = lines.map((text, k) => ({ y: 700 - 14 * k, size: 10, page: 1, frags: [{ x0: 72, x1: 72 + 10 * text.length, y: 700 - 14 * k, size: 10, text, raw: text, font: 'f', mono: false, bold: false }] }));
    const blocks = layoutBlocks(rows, new Map(), new Vocab(), []);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', ...Array(6).fill('list-item')]);
    const md = renderBlocks(blocks).markdown;
    // Each item on its own line, its marker kept.
    for (const l of lines.slice(1)) expect(md).toContain(`- ${l}`);
  });
});

describe('Persian', () => {
  test('a number in Persian digits drawn digit by digit keeps its order inside a right-to-left line', () => {
    // Logical "سال ۱۴۰۲ است" ("the year 1402 is"); on the page from the left: است, ۱۴۰۲ (digit by
    // digit, left to right as numbers are drawn), سال. pdf.js gives each word its logical string.
    const at = (s: string, x: number, w: number): Item => toItem({ str: s, transform: [10, 0, 0, 10, x, 700], width: w, height: 10, fontName: 'f', dir: /\p{Script=Arabic}/u.test(s) && !/\p{N}/u.test(s) ? 'rtl' : 'ltr' }, false, false)!;
    const items = [at('است', 0, 15), ...[...'۱۴۰۲'].map((d, k) => at(d, 18 + 5 * k, 5)), at('سال', 41, 15)];
    const [row] = rowsOf(items, 1);
    expect(row.rtl).toBe(true);
    expect(rowText(row)).toBe('سال ۱۴۰۲ است');
  });
});

describe('no empty output', () => {
  test('a document whose only line repeats on every page keeps it (it is not a running line then)', async () => {
    // As pypdf's sample habibi-rotated.pdf: one page's text, the same on four pages.
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let k = 0; k < 4; k++) pdf.addPage([595, 842]).drawText('The same short line', { x: 62, y: 768, size: 12, font });
    const r = await pdfToMarkdown(await pdf.save(), loadPdfjs, pdfjsOptions);
    expect(r.markdown.split('The same short line').length - 1).toBe(4);
    expect(r.runningLines).toBe(0);
  });
});
