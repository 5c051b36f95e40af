// Time to read a PDF in Node: a generated N-page manual (default 100; pdf-lib, untagged: headings in
// three sizes, wrapped paragraphs, a bulleted list and a table on every page, running header and
// page-number footer) converted to Markdown + page map by the engine, with pdf.js's legacy build.
//   tsx bench/pdf.ts [pages=100] [runs=3]      (SAVE=file.pdf also writes the generated PDF)
// Prints one JSON line: pages, bytes, the time of each run (ms), median, and the Markdown's size;
// checks that every page's heading came back (a wrong conversion is not a measurement).
import { makePdf } from './pdf-fixture.ts';
import { pdfToMarkdown } from '../src/engine/documents/pdf/pdf.ts';
import { loadPdfjs, pdfjsOptions } from '../tests/engine/documents/pdfjs-node.ts';

const pages = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 3);
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
