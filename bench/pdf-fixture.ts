// A generated N-page manual for the PDF benches (pdf-lib, untagged: headings in three sizes, wrapped
// paragraphs, a bulleted list and a table on every page, running header and page-number footer).
import { PDFDocument, StandardFonts } from 'pdf-lib';

const WORDS = 'chunk retrieval section heading table token overlap window sentence boundary corpus question answer index vector model'.split(' ');

export async function makePdf(n: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let seed = 7;
  const word = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return WORDS[(seed >>> 16) % WORDS.length];
  };
  for (let p = 1; p <= n; p++) {
    const page = pdf.addPage([612, 792]);
    page.drawText('Benchmark Manual', { x: 72, y: 756, size: 9, font: body });
    page.drawText(`${p}`, { x: 300, y: 36, size: 9, font: body });
    let y = 720;
    const line = (t: string, size: number, font = body, x = 72) => {
      page.drawText(t, { x, y, size, font });
      y -= size * 1.35;
    };
    line(p % 10 === 1 ? `Chapter ${Math.ceil(p / 10)}` : `Section ${p}`, p % 10 === 1 ? 20 : 15, bold);
    y -= 6;
    for (let para = 0; para < 4; para++) {
      for (let l = 0; l < 6; l++) line(Array.from({ length: 11 }, word).join(' ') + (l === 5 ? '.' : ''), 10.5);
      y -= 8;
    }
    for (let b = 0; b < 3; b++) line(`• ${Array.from({ length: 8 }, word).join(' ')}.`, 10.5);
    y -= 8;
    for (let r = 0; r < 5; r++) {
      const cells = r === 0 ? ['Name', 'Value', 'Note'] : [`row${r}`, `${r * p}`, word()];
      cells.forEach((c, i) => page.drawText(c, { x: 72 + i * 120, y, size: 10.5, font: r === 0 ? bold : body }));
      y -= 15;
    }
  }
  return pdf.save();
}
