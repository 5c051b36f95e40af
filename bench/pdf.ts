// Time to read a PDF in Node: a generated N-page manual (default 100; pdf-lib, untagged: headings in
// three sizes, wrapped paragraphs, a bulleted list and a table on every page, running header and
// page-number footer) converted to Markdown + page map by the engine, with pdf.js's legacy build.
//   tsx bench/pdf.ts [pages=100] [runs=3]      (SAVE=file.pdf also writes the generated PDF)
// Prints one JSON line: pages, bytes, the time of each run (ms), median, and the Markdown's size;
// checks that every page's heading came back (a wrong conversion is not a measurement).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfToMarkdown } from '../src/engine/documents/pdf/pdf.ts';
import { loadPdfjs, pdfjsOptions } from '../tests/engine/documents/pdfjs-node.ts';

const pages = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 3);
const WORDS = 'chunk retrieval section heading table token overlap window sentence boundary corpus question answer index vector model'.split(' ');

async function makePdf(n: number): Promise<Uint8Array> {
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

const bytes = await makePdf(pages);
if (process.env.SAVE) (await import("node:fs")).writeFileSync(process.env.SAVE, bytes);
const times: number[] = [];
let markdown = '';
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  const r = await pdfToMarkdown(bytes, loadPdfjs, pdfjsOptions);
  times.push(Math.round(performance.now() - t));
  markdown = r.markdown;
}
const headings = markdown.match(/^#{1,6} (?:Chapter|Section) \d+$/gm)?.length ?? 0;
if (headings !== pages) throw new Error(`expected ${pages} headings, got ${headings}`);
if (/Benchmark Manual/.test(markdown)) throw new Error('running header left in the text');
const sorted = [...times].sort((a, b) => a - b);
console.log(JSON.stringify({ pages, bytes: bytes.length, ms: times, medianMs: sorted[sorted.length >> 1], markdownChars: markdown.length, tables: markdown.match(/^\| Name \|/gm)?.length ?? 0 }));
