// CPU time per page of two copies of the PDF reader on the same files, in one process, interleaved,
// best of three each: a comparison that holds on a loaded machine, where wall-clock times per page
// swing by 2× or more between runs (pdf.js's Node build runs its worker in this thread, so the CPU
// time counts all of its work).
//   tsx bench/pdf-cpu-ab.ts --engine <path to another pdf.ts> [--dir <folder of PDFs>] [--other-plain]
// --other-plain: the other copy gets pdf.js's plain Node options (standard fonts only, no font-face
// stub: see src/node/pdfjs-legacy.ts), as before that stub existed.
// Documents: the generated cases of scripts/pdf-cases.ts, tests/fixtures/documents/public, --dir.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { allCases } from '../scripts/pdf-cases.ts';
import { loadPdfjs, pdfjsOptions } from '../tests/engine/documents/pdfjs-node.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROOT = join(import.meta.dirname, '..');
type Reader = typeof import('../src/engine/documents/pdf/pdf.ts');
const other = arg('--engine');
if (!other) {
  console.error('usage: tsx bench/pdf-cpu-ab.ts --engine <path to another pdf.ts> [--dir <folder>]');
  process.exit(2);
}
const a = (await import(join(ROOT, 'src/engine/documents/pdf/pdf.ts'))) as Reader;
const b = (await import(resolve(other))) as Reader;

const docs: { name: string; bytes: Uint8Array }[] = (await allCases()).map((c) => ({ name: c.name, bytes: c.bytes }));
for (const dir of [join(ROOT, 'tests/fixtures/documents/public'), arg('--dir')]) {
  if (!dir || !existsSync(dir)) continue;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.pdf')).sort()) docs.push({ name: f, bytes: new Uint8Array(readFileSync(join(dir, f))) });
}
const plain = { documentOptions: { standardFontDataUrl: pdfjsOptions.documentOptions.standardFontDataUrl } };
const cpu = async (r: Reader, bytes: Uint8Array) => {
  const t = process.cpuUsage();
  const out = await r.pdfToMarkdown(bytes, loadPdfjs, r === b && process.argv.includes('--other-plain') ? plain : pdfjsOptions);
  const u = process.cpuUsage(t);
  return { ms: (u.user + u.system) / 1000, pages: out.pageCount };
};
// One warm-up read each (first pdf.js load, JIT).
await cpu(a, docs[0].bytes);
await cpu(b, docs[0].bytes);
let ta = 0;
let tb = 0;
let pages = 0;
for (const d of docs) {
  let ma = Infinity;
  let mb = Infinity;
  let n = 1;
  for (let k = 0; k < 3; k++) {
    const rb = await cpu(b, d.bytes);
    const ra = await cpu(a, d.bytes);
    mb = Math.min(mb, rb.ms);
    ma = Math.min(ma, ra.ms);
    n = ra.pages;
  }
  ta += ma;
  tb += mb;
  pages += n;
  console.log(`  ${d.name.slice(0, 48).padEnd(48)} ${String(n).padStart(3)} p  other ${(mb / n).toFixed(1).padStart(7)}  this ${(ma / n).toFixed(1).padStart(7)} CPU ms/page`);
}
console.log(`  ${pages} pages: other ${(tb / pages).toFixed(1)}, this ${(ta / pages).toFixed(1)} CPU ms/page (this/other ${(ta / tb).toFixed(2)})`);
