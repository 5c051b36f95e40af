// Generated PDFs (pdf-lib, some from low-level objects) reproducing what the robustness sweep
// (bench/pdf-sweep.ts) found read badly:
// - CJK text in a Type0 font with a predefined CMap (/Encoding /UniGB-UCS2-H, /UniJIS-UCS2-H,
//   /UniKS-UCS2-H) and no embedded font or ToUnicode map: what Japanese, Chinese and Korean office
//   PDFs often write. Its character codes are UCS-2, but pdf.js maps them to Unicode only through the
//   CMap files of its package (cMapUrl); without them the page has no text at all.
// The strings are given as Unicode text; the content stream writes their UTF-16 code units as hex.
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

export interface CmapLine {
  text: string;
  /** Predefined CMap and the CID collection it belongs to. */
  encoding: 'UniGB-UCS2-H' | 'UniJIS-UCS2-H' | 'UniKS-UCS2-H';
}

const ORDERING: Record<CmapLine['encoding'], { font: string; ordering: string; supplement: number }> = {
  'UniGB-UCS2-H': { font: 'STSong-Light', ordering: 'GB1', supplement: 2 },
  'UniJIS-UCS2-H': { font: 'KozMinPro-Regular', ordering: 'Japan1', supplement: 2 },
  'UniKS-UCS2-H': { font: 'HYSMyeongJo-Medium', ordering: 'Korea1', supplement: 1 },
};

/** UTF-16 code units of `s` as one hex string (what a UCS-2 CMap reads two bytes at a time). */
export const ucs2Hex = (s: string) => [...Array(s.length).keys()].map((i) => s.charCodeAt(i).toString(16).padStart(4, '0')).join('').toUpperCase();

/** One page, one line per entry, each in a Type0 font with that predefined CMap (no font file, no ToUnicode). */
export async function cmapPdf(lines: CmapLine[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const fonts = new Map<string, string>();
  const fontDict = pdf.context.obj({});
  let ops = '';
  lines.forEach((l, i) => {
    let name = fonts.get(l.encoding);
    if (!name) {
      const o = ORDERING[l.encoding];
      name = `F${fonts.size + 1}`;
      fonts.set(l.encoding, name);
      const descriptor = pdf.context.register(pdf.context.obj({ Type: 'FontDescriptor', FontName: o.font, Flags: 6, FontBBox: [0, -200, 1000, 900], ItalicAngle: 0, Ascent: 880, Descent: -120, CapHeight: 880, StemV: 80 }));
      const cid = pdf.context.register(
        pdf.context.obj({
          Type: 'Font',
          Subtype: 'CIDFontType0',
          BaseFont: o.font,
          CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of(o.ordering), Supplement: o.supplement },
          FontDescriptor: descriptor,
          DW: 1000,
        }),
      );
      const type0 = pdf.context.register(pdf.context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: `${o.font}-${l.encoding}`, Encoding: l.encoding, DescendantFonts: [cid] }));
      fontDict.set(PDFName.of(name), type0);
    }
    ops += `BT /${name} 18 Tf 72 ${700 - i * 40} Td <${ucs2Hex(l.text)}> Tj ET\n`;
  });
  page.node.set(PDFName.of('Resources'), pdf.context.obj({ Font: fontDict }));
  page.node.set(PDFName.of('Contents'), pdf.context.register(pdf.context.stream(ops)));
  return pdf.save();
}

/**
 * Pages of text in a font whose glyphs map to no Unicode: a simple font with an /Encoding whose
 * /Differences name glyphs no glyph list knows (/g1, /g2…, as some PDF printers write subset
 * fonts) and no ToUnicode map. pdf.js hands over the character codes themselves (0x01, 0x02…).
 * Any other entry is a readable page: that line in ordinary Helvetica.
 */
export async function unmappedFontPdf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const names = Array.from({ length: 30 }, (_, i) => PDFName.of(`g${i + 1}`));
  const odd = pdf.context.register(
    pdf.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: pdf.context.obj({ Type: 'Encoding', Differences: pdf.context.obj([1, ...names]) }) }),
  );
  const plain = pdf.context.register(pdf.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }));
  for (const kind of pages) {
    if (/[()\\]/.test(kind)) throw new Error('a readable line must not hold ( ) or \\');
    const page = pdf.addPage([612, 792]);
    page.node.set(PDFName.of('Resources'), pdf.context.obj({ Font: pdf.context.obj({ F1: odd, F2: plain }) }));
    let ops = '';
    if (kind !== 'unmapped') ops = `BT /F2 12 Tf 72 700 Td (${kind}) Tj ET\n`;
    else for (let i = 0; i < 6; i++) ops += `BT /F1 12 Tf 72 ${700 - i * 16} Td <${Array.from({ length: 24 }, (_, k) => (((k + i) % 30) + 1).toString(16).padStart(2, '0')).join('')}> Tj ET\n`;
    page.node.set(PDFName.of('Contents'), pdf.context.register(pdf.context.stream(ops)));
  }
  return pdf.save();
}

/** Pages that each show the same lines (a test sheet or a form printed once per record), Helvetica. */
export async function repeatedPagesPdf(lines: string[], pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((l, i) => page.drawText(l, { x: 72, y: 760 - i * 16, size: 11, font: f }));
  }
  return pdf.save();
}
