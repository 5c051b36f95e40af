// Right-to-left PDF cases (pdf-lib with @pdf-lib/fontkit embedding a font that has Hebrew and Arabic
// glyphs, e.g. DejaVu Sans): lines written in VISUAL order, word by word at their place on the page,
// as producers of real PDFs store them; Hebrew needs no shaping, and Arabic is written with its
// precomposed presentation forms (U+FBxx–U+FExx, the lam-alef ligature included), so pdf-lib needs
// no shaper. The reader must give each line in logical order, numbers and Latin words in place, and
// the Arabic text NFKC-normalised. The PDF is committed (tests/fixtures/documents/rtl.pdf): this
// machine's font may be absent elsewhere. Regenerate with `npx tsx scripts/pdf-cases-rtl.ts <font.ttf>`.
import { PDFDocument } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';

/** The lines in logical order (what the reader must give back), and how each is drawn. */
export const RTL_LINES: { logical: string; drawn: string; streamLogical?: boolean }[] = [
  // Hebrew with a number and a Latin word.
  { logical: 'המסמך הזה נכתב בשנת 2024 עבור ChunkLab', drawn: '' },
  // Hebrew around a run of two Latin words: their order stays "PDF reader".
  { logical: 'פרק 3 מסביר את הכלי PDF reader בקצרה', drawn: '' },
  { logical: 'יש 12 פרקים ושלושה נספחים במסמך', drawn: '' },
  // Arabic "salam" and "la" written as presentation forms (initial sin, medial lam, final alef,
  // isolated meem; the lam-alef ligature U+FEFB), with a number.
  { logical: 'سلام 42 لا', drawn: 'ﺳﻠﺎﻡ 42 ﻻ' },
  // The same page placement, but the words written into the stream from the right (logical order,
  // as some producers do): pdf.js then hands over one item per word and the reader orders them.
  { logical: 'גרסה 7 של Reader Pro יצאה היום', drawn: '', streamLogical: true },
].map((l) => ({ ...l, drawn: l.drawn || l.logical }));

const LTR = /^[\p{Script=Latin}\p{N}][\p{Script=Latin}\p{N}.,:-]*$/u;

/**
 * A right-to-left line's words in visual order (left to right on the page): the runs reversed, each
 * right-to-left word's letters reversed, a run of left-to-right words (numbers, Latin) kept in its
 * own order. (Enough for these lines: no brackets or neutral punctuation between runs.)
 */
export function visualWords(line: string): string[] {
  const runs: string[][] = [];
  for (const w of line.split(' ')) {
    const ltr = LTR.test(w);
    const last = runs[runs.length - 1];
    if (ltr && last && LTR.test(last[0])) last.push(w);
    else runs.push([w]);
  }
  return runs.reverse().flatMap((r) => (LTR.test(r[0]) ? r : r.map((w) => [...w].reverse().join(''))));
}

/** One page: each line right-aligned at 540 pt, its words drawn one by one left to right. */
export async function rtlPdf(fontBytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  // No ligatures: fontkit would join lam and alef into one glyph whose text is two letters in logical
  // order, which a visual-order reader reverses (the precomposed U+FEFB below is the ligature case).
  const font = await pdf.embedFont(fontBytes, { subset: true, features: { liga: false, rlig: false, calt: false, clig: false } });
  const page = pdf.addPage([612, 792]);
  const size = 12;
  const space = font.widthOfTextAtSize(' ', size);
  let y = 720;
  for (const l of RTL_LINES) {
    const words = visualWords(l.drawn);
    const width = words.reduce((a, w) => a + font.widthOfTextAtSize(w, size), 0) + space * (words.length - 1);
    let x = 540 - width;
    const placed: { glyphs: string; x: number }[] = [];
    for (const w of words) {
      // fontkit's layout sets a right-to-left word's glyphs right to left by itself: it is handed
      // the word in logical order, and the content stream then holds the glyphs in visual order.
      placed.push({ glyphs: LTR.test(w) ? w : [...w].reverse().join(''), x });
      x += font.widthOfTextAtSize(w, size) + space;
    }
    for (const p of l.streamLogical ? placed.reverse() : placed) page.drawText(p.glyphs, { x: p.x, y, size, font });
    y -= 36;
  }
  return pdf.save();
}

if (process.argv[1]?.endsWith('pdf-cases-rtl.ts')) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const font = process.argv[2] ?? '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  const out = 'tests/fixtures/documents/rtl.pdf';
  writeFileSync(out, await rtlPdf(readFileSync(font)));
  console.log(`wrote ${out} with ${font}`);
}
