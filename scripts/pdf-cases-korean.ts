// A Korean government-style report as office suites (HWP, Hangul Word Processor) export it, untagged:
// a title, sections numbered "Ⅰ." > "1." > "가." set at decreasing sizes in a bold Gothic, body text
// in a Myeongjo (serif) font with ordinary Korean word spacing, justified (extra space spread between
// the words of every line but the last, each word placed on its own), condensed by a small negative
// character spacing (자간) as such reports usually are, bullet lists "□" > "○" > "-" whose items wrap
// under their text, a ruled table (header and four rows, one cell on two lines), a running header
// with the report's short title and a running footer "- n -". Fonts: Nanum Myeongjo / Nanum Gothic
// Bold (SIL Open Font License 1.1, Debian package fonts-nanum), embedded as subsets.
// The PDF is committed (tests/fixtures/documents/scripts/korean-report.pdf) since the font is not in a
// clone; regenerate it with `npx tsx scripts/pdf-cases-korean.ts [body.ttf] [bold.ttf]` when it is.
import { PDFDocument, rgb, setCharacterSpacing, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';

export type KoreanLine =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; level: 2 | 3 | 4; text: string }
  | { kind: 'para'; text: string }
  | { kind: 'item'; bullet: '□' | '○' | '-'; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'page' };

export const SHORT_TITLE = '디지털 전환 추진계획';

/** The report in reading order; a table cell's lines are joined by a space (the reader's join). */
export const KOREAN_REPORT: KoreanLine[] = [
  { kind: 'title', text: '2024년 공공기관 디지털 전환 추진계획' },
  { kind: 'heading', level: 2, text: 'Ⅰ. 개요' },
  { kind: 'heading', level: 3, text: '1. 추진 배경' },
  {
    kind: 'para',
    text: '최근 인공지능과 클라우드 기술이 빠르게 발전하면서 공공기관의 업무 방식도 크게 변화하고 있다. 국민이 체감할 수 있는 서비스를 제공하기 위해서는 기관별로 흩어진 데이터를 연계하고 업무 절차를 전면적으로 재설계할 필요가 있다. 이에 따라 본 계획은 향후 3년간의 추진 방향과 과제를 제시한다.',
  },
  { kind: 'heading', level: 4, text: '가. 세부 내용' },
  { kind: 'item', bullet: '□', text: '행정 서비스의 디지털 전환을 위하여 기관 공통 플랫폼을 구축하고 민원 처리 절차를 간소화하여 국민과 기업의 행정 부담을 줄임' },
  { kind: 'item', bullet: '○', text: '온라인 민원 신청 비율을 2023년 45%에서 2026년 80%까지 확대' },
  { kind: 'item', bullet: '-', text: '모바일 신분증과 연계한 본인 확인 절차를 도입하여 기관을 방문하지 않고도 대부분의 민원을 처리할 수 있도록 개선' },
  { kind: 'item', bullet: '○', text: '기관 간 데이터 공유 체계 마련' },
  { kind: 'item', bullet: '□', text: '정보 보호와 개인정보 안전성을 확보하기 위한 관리 체계를 강화함' },
  { kind: 'heading', level: 3, text: '2. 추진 목표' },
  {
    kind: 'para',
    text: '디지털 기반의 효율적인 행정 체계를 확립하여 국민의 편의를 높이고 행정 비용을 절감하는 것을 목표로 한다. 특히 반복적인 업무는 자동화하고 담당자는 정책 기획과 현장 소통에 집중하도록 한다.',
  },
  { kind: 'page' },
  { kind: 'heading', level: 2, text: 'Ⅱ. 추진 현황' },
  { kind: 'heading', level: 3, text: '1. 주요 사업 실적' },
  {
    kind: 'para',
    text: '지난 2년간 추진한 주요 사업의 예산과 성과는 다음 표와 같다. 대부분의 사업이 계획대로 완료되었으나 일부 사업은 예산 조정으로 인하여 일정이 지연되었다.',
  },
  {
    kind: 'table',
    header: ['구분', '사업명', '예산(억원)', '추진 상태'],
    rows: [
      ['1', '전자문서 유통 시스템 고도화', '120', '완료'],
      ['2', '클라우드 전환 및 노후 서버 교체 사업', '340', '진행 중'],
      ['3', '민원 상담 챗봇 도입', '45', '완료'],
      ['4', '데이터 분석 플랫폼 구축', '210', '지연'],
    ],
  },
  { kind: 'heading', level: 3, text: '2. 문제점 및 개선 과제' },
  { kind: 'item', bullet: '□', text: '기관마다 서로 다른 시스템을 운영하고 있어 데이터를 연계할 때마다 별도의 개발이 필요하며 많은 시간과 비용이 소요됨' },
  { kind: 'item', bullet: '○', text: '표준 데이터 형식을 정하고 연계 규격을 공개하여 중복 개발을 방지' },
  { kind: 'item', bullet: '□', text: '디지털 전문 인력이 부족하여 신규 사업의 기획과 관리가 어려움' },
  { kind: 'page' },
  { kind: 'heading', level: 2, text: 'Ⅲ. 향후 계획' },
  { kind: 'heading', level: 3, text: '1. 단계별 추진 일정' },
  { kind: 'heading', level: 4, text: '가. 1단계 기반 조성' },
  { kind: 'item', bullet: '○', text: '공통 플랫폼 설계와 시범 기관 선정을 완료하고 관련 규정을 정비' },
  { kind: 'heading', level: 4, text: '나. 2단계 확산' },
  { kind: 'item', bullet: '○', text: '시범 운영 결과를 반영하여 전체 기관으로 확대 적용하고 담당 공무원과 일반 사용자를 대상으로 교육을 실시' },
  {
    kind: 'para',
    text: '각 단계의 성과는 매년 점검하며 점검 결과에 따라 세부 과제와 예산을 조정한다. 추진 과정에서 제기되는 현장의 의견은 관계 기관 협의회를 통하여 지속적으로 반영할 계획이다.',
  },
];

const W = 595;
const H = 842;
const LEFT = 70;
const RIGHT = 525;
const BODY = 11;
/** Negative character spacing of the body, in points (about -5 % of the size, as HWP sets 자간 -5). */
const TRACK = -0.5;
const HEADING_SIZE = { 2: 15, 3: 13, 4: 11.5 } as const;
const BULLET_INDENT = { '□': 0, '○': 14, '-': 28 } as const;

/** Splits text into lines of whole words no wider than width (Korean breaks between words, 어절). */
function wrap(text: string, font: PDFFont, size: number, width: number, track: number): string[] {
  const wid = (s: string) => font.widthOfTextAtSize(s, size) + track * [...s].length;
  const lines: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && wid(next) > width) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** One line, justified across [x0, x1] (each word drawn on its own) unless it is a paragraph's last. */
function drawLine(page: PDFPage, line: string, x0: number, x1: number, y: number, font: PDFFont, size: number, justify: boolean): void {
  const words = line.split(' ');
  const wid = (s: string) => font.widthOfTextAtSize(s, size) + TRACK * [...s].length;
  const space = font.widthOfTextAtSize(' ', size) + TRACK;
  const natural = words.reduce((s, w) => s + wid(w), 0) + space * (words.length - 1);
  const gap = justify && words.length > 1 ? space + (x1 - x0 - natural) / (words.length - 1) : space;
  page.pushOperators(setCharacterSpacing(TRACK));
  let x = x0;
  for (const w of words) {
    page.drawText(w, { x, y, size, font });
    x += wid(w) + gap;
  }
  page.pushOperators(setCharacterSpacing(0));
}

export async function koreanReportPdf(bodyFont: Uint8Array, boldFont: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  // Fixed dates, so that regenerating with the same fonts gives the same bytes.
  pdf.setCreationDate(new Date('2024-03-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2024-03-01T00:00:00Z'));
  const body = await pdf.embedFont(bodyFont, { subset: true });
  const bold = await pdf.embedFont(boldFont, { subset: true });
  let page!: PDFPage;
  let y = 0;
  let n = 0;
  const newPage = () => {
    page = pdf.addPage([W, H]);
    n++;
    // Running header: the short title at the right, a rule under it; footer "- n -" centred.
    const hw = body.widthOfTextAtSize(SHORT_TITLE, 9);
    page.drawText(SHORT_TITLE, { x: RIGHT - hw, y: H - 45, size: 9, font: body });
    page.drawLine({ start: { x: LEFT, y: H - 50 }, end: { x: RIGHT, y: H - 50 }, thickness: 0.5, color: rgb(0.3, 0.3, 0.3) });
    const foot = `- ${n} -`;
    page.drawText(foot, { x: (W - body.widthOfTextAtSize(foot, 10)) / 2, y: 40, size: 10, font: body });
    y = H - 90;
  };
  newPage();
  for (const l of KOREAN_REPORT) {
    switch (l.kind) {
      case 'page':
        newPage();
        break;
      case 'title': {
        const size = 20;
        page.drawText(l.text, { x: (W - bold.widthOfTextAtSize(l.text, size)) / 2, y, size, font: bold });
        y -= 50;
        break;
      }
      case 'heading': {
        const size = HEADING_SIZE[l.level];
        y -= l.level === 2 ? 12 : 6;
        page.drawText(l.text, { x: LEFT + (l.level - 2) * 6, y, size, font: bold });
        y -= size * 1.9;
        break;
      }
      case 'para': {
        // First-line indent of one syllable, as Korean paragraphs are set.
        const indent = BODY;
        const lines = wrap(l.text, body, BODY, RIGHT - LEFT - indent, TRACK);
        // Only the first line is indented: rewrap the rest to the full width.
        const first = lines[0];
        const rest = wrap(l.text.slice(first.length + 1), body, BODY, RIGHT - LEFT, TRACK);
        const all = [first, ...rest];
        all.forEach((t, i) => {
          drawLine(page, t, i === 0 ? LEFT + indent : LEFT, RIGHT, y, body, BODY, i < all.length - 1);
          y -= BODY * 1.7;
        });
        y -= 6;
        break;
      }
      case 'item': {
        const x = LEFT + 6 + BULLET_INDENT[l.bullet];
        const textX = x + body.widthOfTextAtSize(`${l.bullet} `, BODY) + 2;
        page.drawText(l.bullet, { x, y, size: BODY, font: body });
        const lines = wrap(l.text, body, BODY, RIGHT - textX, TRACK);
        lines.forEach((t, i) => {
          drawLine(page, t, textX, RIGHT, y, body, BODY, i < lines.length - 1);
          y -= BODY * 1.7;
        });
        y -= 3;
        break;
      }
      case 'table': {
        const xs = [LEFT, LEFT + 50, LEFT + 200, LEFT + 300, RIGHT];
        const size = 10;
        const lead = size * 1.5;
        const pad = 6;
        const line = (x0: number, y0: number, x1: number, y1: number, t = 0.6) => page.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y1 }, thickness: t, color: rgb(0, 0, 0) });
        const top = y + size + pad;
        line(xs[0], top, xs[4], top, 1.2);
        const rowsTop: number[] = [top];
        const drawRow = (cells: string[], font: PDFFont) => {
          const wrapped = cells.map((c, i) => wrap(c, font, size, xs[i + 1] - xs[i] - 2 * pad, 0));
          const height = Math.max(...wrapped.map((w) => w.length)) * lead + 2 * pad - (lead - size);
          let yy = rowsTop[rowsTop.length - 1] - pad - size;
          wrapped.forEach((ls, i) => {
            ls.forEach((t, k) => {
              const tw = font.widthOfTextAtSize(t, size);
              // The first and the two last columns centred, the name left-aligned (as HWP tables are).
              const x = i === 1 ? xs[i] + pad : (xs[i] + xs[i + 1] - tw) / 2;
              page.drawText(t, { x, y: yy - k * lead, size, font });
            });
          });
          rowsTop.push(rowsTop[rowsTop.length - 1] - height);
        };
        drawRow(l.header, bold);
        for (const r of l.rows) drawRow(r, body);
        for (const [k, ry] of rowsTop.entries()) if (k > 0) line(xs[0], ry, xs[4], ry, k === 1 || k === rowsTop.length - 1 ? 1.2 : 0.6);
        for (const x of xs) line(x, top, x, rowsTop[rowsTop.length - 1]);
        y = rowsTop[rowsTop.length - 1] - 30;
        break;
      }
    }
  }
  return pdf.save();
}

/** The running lines of the three pages (header and footers), which must not be left in the text. */
export const KOREAN_RUNNING = [SHORT_TITLE, '- 1 -', '- 2 -', '- 3 -'];

/**
 * The report's reference Markdown, written from KOREAN_REPORT alone (not by the reader): the title at
 * level 1, "Ⅰ." "1." "가." at 2, 3, 4; bullets "□" > "○" > "-" as nested "- " items, a list's first
 * bullet at its top level; the table with its header. Committed beside the PDF as korean-report.md
 * (the bench's reference for a PDF in --dir).
 */
export function koreanReportMarkdown(): string {
  const rank = { '□': 0, '○': 1, '-': 2 } as const;
  const out: string[] = [];
  let listTop: number | null = null;
  for (const l of KOREAN_REPORT) {
    if (l.kind !== 'item') listTop = null;
    if (l.kind === 'title') out.push(`# ${l.text}`);
    else if (l.kind === 'heading') out.push(`${'#'.repeat(l.level)} ${l.text}`);
    else if (l.kind === 'para') out.push(l.text);
    else if (l.kind === 'table') out.push([`| ${l.header.join(' | ')} |`, `| ${l.header.map(() => '---').join(' | ')} |`, ...l.rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'));
    else if (l.kind === 'item') {
      listTop ??= rank[l.bullet];
      const item = `${'  '.repeat(rank[l.bullet] - listTop)}- ${l.text}`;
      // Items of one list are one block (a single newline between them).
      if (KOREAN_REPORT[KOREAN_REPORT.indexOf(l) - 1]?.kind === 'item') out[out.length - 1] += `\n${item}`;
      else out.push(item);
    }
  }
  return `${out.join('\n\n')}\n`;
}

if (process.argv[1]?.endsWith('pdf-cases-korean.ts')) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const dir = '/usr/share/fonts/truetype/nanum/';
  const regular = process.argv[2] ?? `${dir}NanumMyeongjo.ttf`;
  const heavy = process.argv[3] ?? `${dir}NanumGothicBold.ttf`;
  const out = 'tests/fixtures/documents/scripts/korean-report.pdf';
  writeFileSync(out, await koreanReportPdf(readFileSync(regular), readFileSync(heavy)));
  writeFileSync(out.replace(/\.pdf$/, '.md'), koreanReportMarkdown());
  // No <name>.running.txt for the bench: it matches running lines by their words, and "- 2 -" is the
  // word "2", which the table holds; the test checks the running lines line by line instead.
  console.log(`wrote ${out} (and its .md) with ${regular} and ${heavy}`);
}
