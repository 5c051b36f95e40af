// CPU time per page of two copies of the PDF reader on the same files, in one process, interleaved,
// best of three each: a comparison that holds on a loaded machine, where wall-clock times per page
// swing by 2× or more between runs (pdf.js's Node build runs its worker in this thread, so the CPU
// time counts all of its work).
//   tsx bench/pdf-cpu-ab.ts --engine <path to another pdf.ts> [--dir <folder of PDFs>] [--other-plain]
// --engine pypdf: the other reader is pypdf's plain text extraction (python3, one long-lived process,
// its own CPU time: time.process_time around PdfReader and extract_text of every page), alternating
// file by file with ours, for the time-per-page ratio against pypdf on a loaded machine.
// --models: this copy reads with the learned models on (headings, roles/heading-model.json; running
// lines, roles/running-model.json), as issue 30 item 6 asks ("the model included").
// --best N: each file read N times by each (default 3), the least CPU time kept.
// --other-plain: the other copy gets pdf.js's plain Node options (standard fonts only, no font-face
// stub: see src/node/pdfjs-legacy.ts), as before that stub existed.
// Documents: the generated cases of scripts/pdf-cases.ts, tests/fixtures/documents/public, --dir.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
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
const PYPDF = `import json,sys,time,logging,warnings
logging.disable(logging.CRITICAL); warnings.filterwarnings('ignore')
import pypdf
for line in sys.stdin:
    p=line.rstrip('\\n'); t=time.process_time()
    r=pypdf.PdfReader(p); n=0
    for pg in r.pages: pg.extract_text(); n+=1
    print(json.dumps({'ms':(time.process_time()-t)*1000,'pages':n}),flush=True)
`;
/** pypdf as a reader: the file goes through a temporary folder to one Python process. */
function pypdfReader(): Reader & { close(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'cpu-ab-'));
  const py = spawn('python3', ['-c', PYPDF], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: py.stdout! })[Symbol.asyncIterator]();
  let k = 0;
  const read = async (bytes: Uint8Array) => {
    const f = join(dir, `${k++}.pdf`);
    writeFileSync(f, bytes);
    py.stdin!.write(`${f}\n`);
    const got = await lines.next();
    rmSync(f);
    if (got.done) throw new Error('pypdf stopped');
    return JSON.parse(got.value) as { ms: number; pages: number };
  };
  return {
    pdfToMarkdown: (async (bytes: Uint8Array) => {
      const r = await read(bytes);
      return { pageCount: r.pages, cpuMs: r.ms };
    }) as unknown as Reader['pdfToMarkdown'],
    close: () => {
      py.stdin!.end();
      rmSync(dir, { recursive: true, force: true });
    },
  } as unknown as Reader & { close(): void };
}
const b = other === 'pypdf' ? pypdfReader() : ((await import(resolve(other))) as Reader);

const docs: { name: string; bytes: Uint8Array }[] = (await allCases()).map((c) => ({ name: c.name, bytes: c.bytes }));
for (const dir of [join(ROOT, 'tests/fixtures/documents/public'), arg('--dir')]) {
  if (!dir || !existsSync(dir)) continue;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.pdf')).sort()) docs.push({ name: f, bytes: new Uint8Array(readFileSync(join(dir, f))) });
}
const { HEADING_MODEL } = await import(join(ROOT, 'src/engine/documents/pdf/roles/model.ts'));
const { RUNNING_MODEL } = await import(join(ROOT, 'src/engine/documents/pdf/roles/running.ts'));
const mine = process.argv.includes('--models') ? { ...pdfjsOptions, headingModel: HEADING_MODEL, runningModel: RUNNING_MODEL } : pdfjsOptions;
const plain = { documentOptions: { standardFontDataUrl: pdfjsOptions.documentOptions.standardFontDataUrl } };
const cpu = async (r: Reader, bytes: Uint8Array) => {
  const t = process.cpuUsage();
  const out = await r.pdfToMarkdown(bytes, loadPdfjs, r === b && process.argv.includes('--other-plain') ? plain : r === a ? mine : pdfjsOptions);
  const u = process.cpuUsage(t);
  // pypdf's own CPU time, measured in its process.
  const own = (out as { cpuMs?: number }).cpuMs;
  return { ms: own ?? (u.user + u.system) / 1000, pages: out.pageCount };
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
  for (let k = 0; k < Number(arg('--best') ?? 3); k++) {
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
(b as { close?: () => void }).close?.();
