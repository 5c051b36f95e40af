// The corpus's pdf-lib producer (the library the tests already write PDFs with): lays out one
// generated document (a spec written by generate.py) with the standard fonts, so Latin only: a
// cover page, headings larger and bold (or at body size in bold for level 2 of every third document),
// paragraphs, lists, ruled and borderless tables with captions, notes in small type, alternating
// running heads and "Page n of m" footers. Untagged, no outline: a bare PDF as many tools write them.
//   tsx bench/pdf-corpus/pdflib.ts <spec.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { wrap } from '../../scripts/pdf-cases.ts';

interface Block {
  kind: string;
  text?: string;
  note?: string | null;
  items?: string[];
  header?: string[];
  rows?: string[][];
  caption?: string;
  style?: string;
}
interface Spec {
  doc: { title: string; subtitle: string; org: string; cover: boolean; numbered: boolean; lang: string; chapters: { title: string; sections: { title: string; blocks: Block[] }[] }[] };
  out: string;
}

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Spec;
const d = spec.doc;
const W = 595;
const H = 842;
const M = 72;
const pdf = await PDFDocument.create();
const regular = await pdf.embedFont(StandardFonts.TimesRoman);
const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
const italic = await pdf.embedFont(StandardFonts.TimesRomanItalic);
const sans = await pdf.embedFont(StandardFonts.Helvetica);
// What WinAnsi can encode (the standard fonts' encoding).
const clean = (s: string) => s.replace(/[^\x20-\x7E\u00A0-\u00FF—–‘’“”•…€]/g, '');
const seed = Number(/(\d+)\.spec\.json$/.exec(process.argv[2])?.[1] ?? 1);
const bodySizeHeads = seed % 3 === 1;

let page: PDFPage = pdf.addPage([W, H]);
let y = H - M;
const newPage = () => {
  page = pdf.addPage([W, H]);
  y = H - M;
};
const need = (h: number) => {
  if (y - h < M) newPage();
};

function text(t: string, font: PDFFont, size: number, x = M, width = W - 2 * M, lead = 1.3, color = rgb(0, 0, 0)) {
  for (const line of wrap(clean(t).split(/\s+/).filter(Boolean), font, size, width - (x - M))) {
    need(size * lead);
    y -= size * lead;
    page.drawText(line, { x, y, size, font, color });
  }
}

if (d.cover) {
  y = H - 300;
  text(d.title, bold, 26);
  y -= 20;
  text(d.subtitle, sans, 15);
  y -= 60;
  text(d.org, regular, 12);
  newPage();
} else {
  text(d.title, bold, 22);
  y -= 10;
}
d.chapters.forEach((ch, ci) => {
  if (ci > 0 && seed % 2 === 0) newPage();
  y -= 10;
  need(60);
  text(d.numbered ? `${ci + 1} ${ch.title}` : ch.title, bold, 17);
  y -= 4;
  ch.sections.forEach((sec, si) => {
    y -= 6;
    need(40);
    text(d.numbered ? `${ci + 1}.${si + 1} ${sec.title}` : sec.title, bold, bodySizeHeads ? 10.5 : 13);
    for (const b of sec.blocks) {
      y -= 4;
      if (b.kind === 'p') {
        text(b.text!, regular, 10.5);
        if (b.note) {
          y -= 2;
          text(`* ${b.note}`, regular, 8);
        }
      } else if (b.kind === 'ul' || b.kind === 'ol') {
        b.items!.forEach((it, k) => {
          need(14);
          page.drawText(b.kind === 'ul' ? '•' : `${k + 1}.`, { x: M + 8, y: y - 13.6, size: 10.5, font: regular });
          text(it, regular, 10.5, M + 24);
        });
      } else {
        const cells = [b.header!, ...b.rows!];
        const n = b.header!.length;
        const cw = (W - 2 * M) / n;
        need(14 * (cells.length + 2));
        text(b.caption!, italic, 10);
        y -= 4;
        const top = y;
        cells.forEach((r, i) => {
          y -= 15;
          r.forEach((c, j) => page.drawText(clean(c), { x: M + j * cw + 4, y: y + 4, size: 9.5, font: i === 0 ? bold : regular }));
          if (b.style !== 'borderless') page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.5 });
        });
        if (b.style !== 'borderless') {
          page.drawLine({ start: { x: M, y: top }, end: { x: W - M, y: top }, thickness: 0.5 });
          for (let j = 0; j <= n; j++) page.drawLine({ start: { x: M + j * cw, y: top }, end: { x: M + j * cw, y }, thickness: 0.5 });
        }
        y -= 6;
      }
    }
  });
});
const pages = pdf.getPages();
pages.forEach((p, k) => {
  if (d.cover && k === 0) return;
  const head = clean(k % 2 ? d.org : d.title);
  const hw = sans.widthOfTextAtSize(head, 8.5);
  p.drawText(head, { x: k % 2 ? M : W - M - hw, y: H - 40, size: 8.5, font: sans, color: rgb(0.3, 0.3, 0.3) });
  const foot = d.lang === 'pt' ? `Página ${k + 1} de ${pages.length}` : `Page ${k + 1} of ${pages.length}`;
  p.drawText(foot, { x: (W - sans.widthOfTextAtSize(foot, 8.5)) / 2, y: 36, size: 8.5, font: sans });
});
writeFileSync(spec.out, await pdf.save());
