// Section numbers of Korean, Japanese and Chinese documents as heading evidence, with levels from the
// nesting of their kinds (Ⅰ. > 1. > 가.), and their bullets ("□", "ㅇ", "①") as list items, on rows
// built by hand (no font with Hangul is at hand to draw a PDF with).
import { describe, expect, test } from 'vitest';
import { layoutBlocks } from '../../../src/engine/documents/pdf/blocks/blocks.ts';
import { Vocab } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import { lineRoles } from '../../../src/engine/documents/pdf/roles/decide.ts';
import { numberingDepth, numberingKind } from '../../../src/engine/documents/pdf/roles/patterns.ts';
import type { Row } from '../../../src/engine/documents/pdf/types.ts';

function rowsOf(lines: { t: string; size: number; bold?: boolean; gap?: number; x?: number }[]): Row[] {
  let y = 780;
  return lines.map((l) => {
    y -= l.gap ?? l.size * 1.3;
    const x0 = l.x ?? 72;
    const frag = { x0, x1: x0 + l.t.length * l.size * 0.9, y, size: l.size, text: l.t, raw: l.t, font: l.bold ? 'B' : 'R', mono: false, bold: !!l.bold };
    return { y, size: l.size, frags: [frag], page: 1 };
  });
}

const body = (n: number) => Array.from({ length: 3 }, (_, k) => ({ t: k < 2 ? `본문 내용 ${n} 이 문단은 보고서의 설명을 이어서 적은 긴 줄입니다 그리고 계속됩니다` : `마지막 줄입니다 ${n}.`, size: 10 }));

describe('numbering of Korean, Japanese and Chinese documents', () => {
  test('kinds and depths', () => {
    expect(['Ⅰ. 서론', '1. 개요', '가. 추진 배경', '(1) 세부', '(가) 항목', '① 첫째', '第1章 総則', '一、总则', '（一）目的'].map(numberingKind)).toEqual(['roman', 'decimal', 'hangul', 'paren', 'hangul-paren', 'circled', 'cjk-chapter', 'cjk', 'cjk-paren']);
    expect(numberingDepth('1.2 개요')).toBe(2);
    expect(numberingKind('2023 보고서')).toBeNull();
    expect(numberingKind('□ 항목')).toBeNull();
  });

  test('a Korean report: Ⅰ. > 1. > 가. nest under the title; □ and ㅇ lines are list items, not headings', () => {
    const rows = rowsOf([
      { t: '2024년 연구 보고서', size: 18, bold: true },
      { t: 'Ⅰ. 서론', size: 14, bold: true, gap: 40 },
      ...body(1),
      { t: '1. 추진 배경', size: 12, bold: true, gap: 24 },
      ...body(2),
      { t: '가. 현황', size: 10, bold: true, gap: 20 },
      ...body(3),
      { t: '□ 첫째 항목의 내용입니다', size: 10, gap: 18 },
      { t: 'ㅇ 세부 내용을 적습니다', size: 10, x: 84 },
      { t: '① 번호가 붙은 항목입니다', size: 10 },
      { t: '2. 추진 목표', size: 12, bold: true, gap: 24 },
      ...body(4),
      { t: 'Ⅱ. 본론', size: 14, bold: true, gap: 30 },
      ...body(5),
    ]);
    const h = lineRoles(rows);
    const got = rows.filter((r) => h.has(r)).map((r) => [r.frags[0].text, h.get(r)]);
    expect(got).toEqual([
      ['2024년 연구 보고서', 1],
      ['Ⅰ. 서론', 2],
      ['1. 추진 배경', 3],
      ['가. 현황', 4],
      ['2. 추진 목표', 3],
      ['Ⅱ. 본론', 2],
    ]);
    const blocks = layoutBlocks(rows, h, new Vocab(), []);
    const items = blocks.filter((b) => b.kind === 'list-item').map((b) => (b.kind === 'list-item' ? `${b.marker} ${b.text}` : ''));
    expect(items).toEqual(['- 첫째 항목의 내용입니다', '- ㅇ 세부 내용을 적습니다', '- ① 번호가 붙은 항목입니다']);
    expect(blocks.some((b) => b.kind === 'table')).toBe(false);
  });
});
