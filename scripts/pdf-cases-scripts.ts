// Right-to-left text as word processors write it (pdf-lib with @pdf-lib/fontkit shaping DejaVu Sans):
// Arabic words shaped by the font, so lam-alef and lam-hamza are ONE glyph each whose ToUnicode holds
// two letters in logical order (pdf.js's bidi step reverses those letters: "الأصوات" reads "األصوات");
// Hebrew brackets drawn as their shapes, so once the line is in logical order they face the wrong
// way unless mirrored. Each line's pieces are placed from the right, as they are read, and drawn in
// visual order (left to right). The PDF is committed (tests/fixtures/documents/rtl-shaped.pdf): the
// font may be absent elsewhere. Regenerate with `npx tsx scripts/pdf-cases-scripts.ts <font.ttf>`.
import { PDFDocument } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';

/** The lines in logical order (what the reader must give back) and their pieces in reading order. */
export const SHAPED_LINES: { logical: string; pieces: string[] }[] = [
  // Lam-hamza (لأ) and lam-alef (لا) ligatures, a number in place.
  { logical: 'توزيع الأصوات 2014 حسب الانتخابات', pieces: ['توزيع', 'الأصوات', '2014', 'حسب', 'الانتخابات'] },
  { logical: 'لا إله إلا الله', pieces: ['لا', 'إله', 'إلا', 'الله'] },
  // Persian letters (گ پ ژ چ) and a number in Latin digits.
  { logical: 'گزارش پژوهشی سال 1402 چاپ شد', pieces: ['گزارش', 'پژوهشی', 'سال', '1402', 'چاپ', 'شد'] },
  // Hebrew with a bracketed phrase; the bracket shapes are drawn as seen: ")" right of the phrase.
  { logical: 'תעשייה (ללא יהלומים) בלבד', pieces: ['תעשייה', ')', 'ללא', 'יהלומים', '(', 'בלבד'] },
];

/** One page: each line's pieces from the right margin leftwards, drawn left to right. */
export async function shapedRtlPdf(fontBytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  // fontkit's default features for Arabic: contextual forms and the required lam-alef ligatures.
  const font = await pdf.embedFont(fontBytes, { subset: true });
  const page = pdf.addPage([612, 792]);
  const size = 14;
  const space = font.widthOfTextAtSize(' ', size);
  let y = 720;
  for (const l of SHAPED_LINES) {
    let right = 540;
    const placed: { text: string; x: number }[] = [];
    for (const [i, p] of l.pieces.entries()) {
      const w = font.widthOfTextAtSize(p, size);
      placed.push({ text: p, x: right - w });
      // Brackets hug the word inside them: no space after an opening (drawn ")") or before a closing one.
      const next = l.pieces[i + 1];
      right -= w + (p === ')' || next === '(' ? 0 : space);
    }
    // Left to right on the page (visual order). fontkit lays a right-to-left word out right to left
    // by itself: it is given the word in logical order and draws its glyphs in visual order.
    placed.sort((a, b) => a.x - b.x);
    for (const p of placed) page.drawText(p.text, { x: p.x, y, size, font });
    y -= 40;
  }
  return pdf.save();
}

if (process.argv[1]?.endsWith('pdf-cases-scripts.ts')) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const font = process.argv[2] ?? '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  const out = 'tests/fixtures/documents/rtl-shaped.pdf';
  writeFileSync(out, await shapedRtlPdf(readFileSync(font)));
  console.log(`wrote ${out} with ${font}`);
}
